"""The sensible initiative bot (issue 12 item 6, issue 13 item 8): win rate against random bots in 1-vs-1,
2-vs-2 and 3-vs-3 games that end by the lane (F-W1/F-W2) or life counters (F-W3), exact positions (the lane
included), every decision kind."""

import copy
from dataclasses import replace

import pytest

from engine.core import RandomBot, Rng, Session, make_bot
from engine.rulesets.initiative import hexes
from engine.rulesets.initiative.bots import SensibleBot, fallback
from engine.rulesets.initiative.ruleset import Initiative
from helpers import (add_cards, answer, attack, builtin_cards, legal, of, place, play, play_out, start, step,
                     to_act)

CENTRE = hexes.from_offset(12, 4)                 # an open space of the Causeway
EAST = hexes.add(CENTRE, (1, 0))


class StrictBot(SensibleBot):
    """The sensible bot with its fallback off, so an error in its reading fails the test."""

    strict = True


def versus_random(players: int, games: int) -> tuple[int, int]:
    """(wins, draws) of the sensible team over `games` games, alternating which team it is. No round limit
    (P1-4's default): a game ends by the lane (F-W1/F-W2) or the life counters (F-W3)."""
    wins = draws = 0
    for seed in range(games):
        team = seed % 2                                   # 0: red (even seats) is sensible, 1: blue
        session = Session.start("initiative", seed=seed, options={"players": players}, events=False)
        session.run({seat: StrictBot() if seat % 2 == team else RandomBot() for seat in range(players)})
        outcome = session.outcome
        if outcome.is_draw:
            draws += 1
        elif outcome.team == ("red", "blue")[team]:
            wins += 1
    return wins, draws


def test_the_sensible_bot_is_declared_on_the_ruleset():
    assert isinstance(make_bot(Initiative(), "sensible"), SensibleBot)


# 200 games each (measured: ~4.5 rounds a game, about 15 s for 2-vs-2 and 25 s for 3-vs-3 here; the
# figures per kind of decision are in bench_sensible_bot.py). Marked slow: `make check` leaves these
# 500 games to `make test`; the exact positions below check the bot's choices one by one.

@pytest.mark.slow
def test_sensible_team_wins_at_least_80_percent_of_200_two_vs_two_games_against_random():
    wins, draws = versus_random(4, 200)
    assert wins >= 160, f"sensible team won {wins}/200 ({draws} draws)"


@pytest.mark.slow
def test_sensible_team_wins_at_least_80_percent_of_200_three_vs_three_games_against_random():
    wins, draws = versus_random(6, 200)
    assert wins >= 160, f"sensible team won {wins}/200 ({draws} draws)"


@pytest.mark.slow
def test_sensible_seat_wins_at_least_80_percent_of_100_two_player_games_against_random():
    wins, draws = versus_random(2, 100)
    assert wins >= 80, f"sensible seat won {wins}/100 ({draws} draws)"


# --- exact positions ------------------------------------------------------------------------------

def idle(session):
    """Answer the pending decision doing nothing: hold, decline to respawn, no defence, or the first pick."""
    decision = session.decision
    seat = decision.players[0]
    for quiet in (["hold"], ["decline"], ["no_defense"]):
        if quiet in decision.legal[seat]:
            return answer(session, quiet, seat)
    return answer(session, decision.legal[seat][0], seat)


def until(session, kind, hero):
    """Step (others idle) until hero `hero` faces a decision of `kind`."""
    while True:
        decision = session.decision
        if decision is None:
            step(session)
            continue
        pending = session.state.pending or {}
        if decision.kind == kind and pending.get("hero") == hero:
            return decision
        idle(session)


def bot_choice(session, seat):
    return session.bot_action(seat, StrictBot())


def test_it_plays_a_certain_kill_and_attacks_the_reachable_enemy():
    session = start()
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    # Brannoc (hero 0) is adjacent to Isra (hero 1): Shoulder Charge (attack 5) beats Isra's best
    # possible defence (Hold Fast, 4), so it is the card to play
    assert bot_choice(session, 0) == ["play", ["brannoc_red1"]]
    play(session, "brannoc_red1", "isra_blue1", "brannoc_gold", "isra_gold")
    decision = until(session, "choose_action", 0)
    assert ["attack"] in decision.legal[0]
    assert bot_choice(session, 0) == ["attack"]
    answer(session, ["attack"])
    while session.decision.prompt["step"]["do"] != "_target":    # its "before the attack" move, the bot's way
        answer(session, bot_choice(session, 0))
    assert ["hero", 1] in session.decision.legal[0] and bot_choice(session, 0) == ["hero", 1]


def test_it_moves_toward_the_enemy_when_none_is_in_reach():
    session = start()
    far = hexes.add(CENTRE, (1, 0), 6)
    place(session, h0=CENTRE, h1=far, h2=None, h3=None)
    play(session, "brannoc_silver", "isra_silver", "brannoc_gold", "isra_gold")    # silver: movement 2
    until(session, "choose_action", 0)
    action = bot_choice(session, 0)
    assert action[0] == "move" and hexes.distance(tuple(action[1]), far) == 4


def test_it_defends_with_a_card_that_saves_the_hero_and_wastes_none_when_none_can():
    session = start()
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    play(session, "brannoc_gold", "isra_blue1", "brannoc_gold", "isra_gold")       # Oar Smash: attack 4
    until(session, "choose_action", 0)
    attack(session, 1)
    assert session.decision.kind == "defend"
    choice = bot_choice(session, 1)
    assert choice == ["defend", "isra_silver"]                                     # Defense 4 meets 4
    events = answer(session, choice)
    assert of(events, "F-D2")[0]["defended"] and session.state.heroes[1].position == EAST
    session = start()
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    play(session, "brannoc_red1", "isra_blue1", "brannoc_gold", "isra_gold")       # attack 5: Isra has no 5
    until(session, "choose_action", 0)
    attack(session, 1)
    assert bot_choice(session, 1) == ["no_defense"]


def test_F_D4_it_never_counts_on_a_block_card_whose_condition_is_not_met():
    """Isra's ward blocks ranged attacks only: against Brannoc's melee 5 its printed 5 does not hold (F-D4)."""
    session = start()
    add_cards(session, replace(builtin_cards()["brannoc_blue1"], id="isra_ward", hero="isra"))
    session.state.heroes[1].hand.append("isra_ward")
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    play(session, "brannoc_red1", "isra_blue1", "brannoc_gold", "isra_gold")       # attack 5
    until(session, "choose_action", 0)
    attack(session, 1)
    assert ["defend", "isra_ward"] in legal(session)
    assert bot_choice(session, 1) == ["no_defense"]
    events = answer(session, ["no_defense"])
    assert of(events, "F-D3")[0]["why"] == "chosen" and of(events, "F-K1")[0]["hero"] == 1


def test_it_blocks_a_ranged_attack():
    session = start()
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, (1, 0), 3), h2=None, h3=None)
    session.state.heroes[0].hand = ["brannoc_blue1", "brannoc_gold", "brannoc_red1"]   # no Hold the Line
    play(session, "brannoc_gold", "isra_gold", "brannoc_gold", "isra_gold")
    until(session, "choose_action", 1)
    attack(session, 0)
    choice = bot_choice(session, 0)
    assert choice == ["defend", "brannoc_blue1"]                                   # Shield Wall blocks it
    events = answer(session, choice)
    assert of(events, "F-D4") and session.state.heroes[0].position == CENTRE


def test_it_respawns_on_the_spawn_point_nearest_the_fight():
    session = start()
    place(session, h0=None, h1=CENTRE, h2=None, h3=None)
    play(session, "brannoc_blue1", "isra_gold", "brannoc_gold", "isra_gold")
    decision = until(session, "respawn", 0)
    assert ["decline"] in decision.legal[0]
    choice = bot_choice(session, 0)
    assert choice[0] == "respawn"
    spawns = [tuple(a[1]) for a in decision.legal[0] if a[0] == "respawn"]
    assert hexes.distance(tuple(choice[1]), CENTRE) == min(hexes.distance(s, CENTRE) for s in spawns)


def test_on_its_last_life_counter_it_steps_out_of_reach():
    session = start()
    near = hexes.add(CENTRE, (1, 0), 2)
    place(session, h0=CENTRE, h1=near, h2=None, h3=None)
    play(session, "brannoc_silver", "isra_gold", "brannoc_gold", "isra_silver")   # Isra's attack resolves last
    until(session, "choose_action", 0)
    bold = bot_choice(session, 0)
    assert hexes.distance(tuple(bold[1]), near) <= 1                              # four counters: into the fight
    session.state.life = {"red": 1, "blue": 1}
    careful = bot_choice(session, 0)
    assert careful[0] in ("move", "fast_travel") and hexes.distance(tuple(careful[1]), near) > 3   # out of range 3


def test_low_life_keeps_the_defence_card_in_hand():
    session = start()
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, (1, 0), 3), h2=None, h3=None)
    session.state.heroes[0].hand = ["brannoc_blue1", "brannoc_silver", "brannoc_green1"]
    session.state.life = {"red": 1, "blue": 1}
    choice = bot_choice(session, 0)
    assert choice == ["play", ["brannoc_green1"]]                                  # both defence cards kept


# --- the lane (issue 13 item 8) ----------------------------------------------------------------------

def lane_game(position, **options):
    """Two seats, one hero each, from a position: hero 0 red Brannoc, hero 1 blue Isra."""
    return Session.start("initiative", seed=0, options={"players": 2, "two_player_heroes": 1, **options},
                         setup={"position": position})


def bot_to_target(session, seat=0):
    """The bot's own answers from its action up to the attack's target step (its "before the attack" move)."""
    answer(session, bot_choice(session, seat))
    while session.decision.prompt.get("step", {}).get("do") != "_target":
        answer(session, bot_choice(session, seat))
    return session.decision


@pytest.mark.parametrize("waves,rule", [(3, "P1-10"), (1, "F-W2")])
def test_it_attacks_the_last_enemy_minion_to_push_the_lane_even_over_a_certain_kill(waves, rule):
    # Brannoc (12,4) has Isra (11,5) and the last blue minion (13,3) in reach; Shoulder Charge (5) beats
    # Isra's best defence (4, no minion beside her) — a certain kill — but the push is worth more (and with
    # one wave counter left it wins, F-W2)
    session = lane_game({"heroes": ["brannoc@12,4", "isra@11,5"], "waves": waves,
                         "minions": ["blue melee@13,3", "red melee@9,7", "red ranged@9,5"]})
    choice = bot_choice(session, 0)
    assert choice[0] == "play" and session.state.content.cards[choice[1][0]].primary == "attack"
    to_act(session, ["brannoc_red1", "isra_silver"], 0)
    assert bot_choice(session, 0) == ["attack"]
    decision = bot_to_target(session)
    assert ["hero", 1] in decision.legal[0] and ["minion", 0] in decision.legal[0]
    assert bot_choice(session, 0) == ["minion", 0]
    events = answer(session, ["minion", 0])
    assert of(events, rule) and session.state.waves == [waves - 1]


def test_with_no_minion_push_in_reach_it_still_takes_a_certain_kill_over_a_minion():
    # blue keeps two minions: one of them is progress, not a push; the certain kill is worth more
    session = lane_game({"heroes": ["brannoc@12,4", "isra@11,5"],
                         "minions": ["blue melee@13,3", "blue melee@15,7", "red melee@9,7"]})
    to_act(session, ["brannoc_red1", "isra_silver"], 0)
    bot_to_target(session)
    assert bot_choice(session, 0) == ["hero", 1]


def test_minion_auras_count_in_its_defence_and_in_where_it_stands():
    """F-D6: a defence that meets the attack only with the minions' modifier is taken; the bot reads the
    modifier a hero would have on a space."""
    session = lane_game({"heroes": ["brannoc@11,4", "isra@12,4 hand=isra_silver+isra_gold+isra_red1"],
                         "minions": ["blue melee@12,3", "blue melee@13,4"]})
    to_act(session, ["brannoc_gold", "isra_silver"], 0)              # Oar Smash: attack 4; Isra keeps Defense 2 and 1
    attack(session, 1)
    assert session.decision.prompt["minions"] == 2
    assert bot_choice(session, 1) == ["defend", "isra_gold"]          # 2 + 2 meets 4; without minions it would not
    from engine.rulesets.initiative.bots import _Reading
    reading = _Reading(session.view(0))
    assert reading.aura((12, 4), "blue") == 2 and reading.aura((11, 3)) == -1 and reading.aura((10, 4)) == 0


def test_in_the_minion_battle_it_removes_its_least_useful_minion():
    # red has two minions to blue's three: red loses one — not the one beside Brannoc (+1 Defense, F-D6)
    session = lane_game({"heroes": ["brannoc@12,4", "isra@16,6"], "turn": 4,
                         "minions": ["red melee@11,4", "red melee@9,7",
                                     "blue melee@13,6", "blue melee@13,7", "blue heavy@15,5"]})
    play(session, "brannoc_gold", "isra_gold")
    while session.decision is None or session.decision.prompt.get("kind") != "minion_remove":
        step(session) if session.decision is None else idle(session)
    assert legal(session) == [["minion", 0], ["minion", 1]] and session.decision.players == (0,)
    assert bot_choice(session, 0) == ["minion", 1]
    events = answer(session, ["minion", 1])
    assert of(events, "F-K5")[0]["minion"] == 1


def test_it_answers_the_lanes_team_choices_legally_and_usefully():
    # F-L1 (P1-12): a stray red minion may return to (8,4) or (9,3); (9,3) is beside Brannoc (10,3)
    session = lane_game({"heroes": ["brannoc@10,3", "isra@16,6"], "minions": ["red melee@8,3", "blue melee@13,4"]})
    play(session, "brannoc_gold", "isra_gold")
    step(session)
    decision = session.decision
    assert decision.prompt["kind"] == "minion_return"
    assert bot_choice(session, 0) == ["space", [9, 3]]                # beside Brannoc: +1 to his Defense
    # A1-10: Isra stands on a blue melee spawn point of the new Battle Zone: blue places the minion
    session = lane_game({"heroes": ["brannoc@12,4", "isra@19,6"], "minions": ["blue melee@13,4"]})
    to_act(session, ["brannoc_red1", "isra_silver"], 0)
    answer(session, ["attack"])
    answer(session, ["skip"])
    answer(session, ["minion", 0])
    decision = session.decision
    assert decision.kind == "deploy" and decision.players == (1,)
    choice = bot_choice(session, 1)
    assert choice in decision.legal[1]


# --- every decision kind, and kinds it does not know ---------------------------------------------------

# make check keeps two of these (two players; a hero selection); the five longest are `slow`, for make test.
SLOW = pytest.mark.slow


@pytest.mark.parametrize("players,options", [pytest.param(4, {}, marks=SLOW), (2, {}),
                                             pytest.param(3, {}, marks=SLOW),
                                             pytest.param(6, {"defend_cards": "any"}, marks=SLOW),
                                             pytest.param(4, {"act_after_respawn": False, "tie_pick": "lowest"},
                                                          marks=SLOW),
                                             (4, {"hero_selection": "pick_and_ban"}),
                                             pytest.param(6, {"hero_selection": "single_draft", "length": "long"},
                                                          marks=SLOW)])
def test_it_answers_every_decision_kind_legally_in_mixed_games(players, options):
    seen = {}
    for seed in range(12):
        session = Session.start("initiative", seed=seed, options={"players": players, **options}, events=False)
        mode = seed % 3                                  # sensible: odd seats, even seats, or everyone
        bots = {seat: StrictBot() if mode == 2 or (seat + mode) % 2 else RandomBot() for seat in range(players)}

        def choose(seat, decision):
            action = session.bot_action(seat, bots[seat])
            assert action in decision.legal[seat]
            if isinstance(bots[seat], StrictBot):
                prompt = decision.prompt
                kind = "level_up" if prompt.get("step") == "level_up" else prompt.get("kind") or prompt.get("draft")
                seen[(decision.kind, kind)] = seen.get((decision.kind, kind), 0) + 1
                seen[decision.kind] = seen.get(decision.kind, 0) + 1
            return action
        play_out(session, choose)
    assert {"choose_card", "choose_action", "choose_target", "defend", "respawn"} <= set(seen), seen
    assert ("choose_card", "level_up") in seen, seen                                  # levelling (F-V1)
    if options.get("hero_selection"):
        assert ("choose", "pick") in seen, seen                                       # hero selection (P1-8)


def test_it_answers_tied_initiative_for_its_team():
    session = start(tie_chooser="any_one")
    place(session, h0=CENTRE, h2=hexes.add(CENTRE, (0, 1), 2), h1=EAST, h3=None)
    play(session, "brannoc_gold", "isra_blue1", "brannoc_gold", "isra_gold")       # heroes 0 and 2 tie at 2
    while session.decision is None or session.decision.kind != "choose_order":
        step(session) if session.decision is None else idle(session)
    assert bot_choice(session, 0) == ["first", 0]                                  # hero 0 has Isra in reach


def test_an_unknown_decision_gets_a_legal_answer_that_is_not_a_skip():
    session = start()
    view = copy.deepcopy(session.view(0))
    view["phase"], view["pending"] = "resolve", {"kind": "text", "hero": 0, "step": "move"}
    legal = [["skip"], ["space", [3, 4]], ["space", [4, 4]]]
    assert SensibleBot().choose(view, legal, Rng(1)) == ["space", [3, 4]]
    assert SensibleBot().choose({"nonsense": True}, legal, Rng(1)) == ["space", [3, 4]]   # unreadable view
    assert fallback([["skip"]]) == ["skip"]


def test_the_lane_is_read_through_one_helper_for_one_lane_or_several():
    """botsense.battle_zones/waves/Lane: the bot reads the lane only through them, one lane or two."""
    from engine.rulesets.initiative import botsense as sense
    view = copy.deepcopy(lane_game({"heroes": ["brannoc@12,4", "isra@16,6"], "battle_zones": ["blue_shore"],
                                    "minions": ["blue melee@20,4", "blue heavy@21,5", "red melee@17,5"]}).view(0))
    assert sense.battle_zones(view) == ["blue_shore"] and sense.waves(view) == [3]
    lane = sense.Lane(view, sense.geometry(view["board"]))
    heavy = next(m for m in view["minions"] if m["type"] == "heavy")
    assert lane.left("blue_shore", "blue") == 2 and lane.immune(heavy)                         # F-D7
    assert [m["type"] for m in lane.attackable("red")] == ["melee"]
    assert lane.push_wins("blue_shore", "blue") and not lane.push_wins("blue_shore", "red")     # F-W1
    view["battle_zones"], view["waves"] = ["causeway"], [1]
    assert sense.Lane(view, sense.geometry(view["board"])).push_wins("causeway", "red")         # F-W2
    twin = Session.start("initiative", seed=1, options={"players": 2, "map": "twinford"}).view(0)
    assert len(sense.battle_zones(twin)) == 2 and sense.waves(twin) == [7, 7]
    assert len(sense.lanes(twin["board"])) == 2


def test_it_aims_a_card_that_moves_its_target_at_a_minion_and_the_step_is_skipped():
    """isra_red2b ("after the attack, you may move the target") aimed at the last minion: the push is worth it
    and the move, with the minion defeated, cannot be done (F-A7, P1-11)."""
    session = lane_game({"heroes": ["brannoc@8,4", "isra@12,4 level=2 hand=isra_red2b+isra_silver"],
                         "minions": ["red melee@11,4", "blue melee@13,4"]})
    to_act(session, ["brannoc_gold", "isra_red2b"], 1)
    assert bot_choice(session, 1) == ["attack"]
    answer(session, ["attack"], seat=1)
    while session.decision is not None and session.decision.kind == "choose_target":
        answer(session, bot_choice(session, 1), seat=1)
    assert not [m for m in session.state.minions if m["team"] == "red" and m["space"] == [11, 4]]
