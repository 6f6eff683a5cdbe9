"""Rule tests for actions (F-A1…F-A5), the attack and its defence (F-D1…F-D5), defeat (F-K1…F-K3) and F-W3."""

from engine.rulesets.initiative import hexes
from engine.rulesets.initiative.board import builtin_board
from helpers import CENTRE, EAST, answer, attack, idle, of, place, play, start, step, to_act

def test_F_A1_movement_goes_around_obstacles_and_never_onto_one():
    session = start()
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["brannoc_silver", "isra_gold", "brannoc_gold", "isra_gold"], 0)   # silver: movement 2 (secondary)
    moves = {tuple(a[1]) for a in session.decision.legal[0] if a[0] == "move"}
    assert EAST not in moves and CENTRE in moves                      # not onto a hero; 0 spaces allowed
    assert hexes.add(CENTRE, (1, 0), 2) not in moves                  # behind the hero: 3 spaces around it
    assert hexes.add(CENTRE, (1, -1), 2) in moves
    assert all(hexes.distance(CENTRE, m) <= 2 for m in moves)
    events = answer(session, ["move", list(hexes.add(CENTRE, (-1, 0), 2)), "secondary"])
    assert of(events, "F-A1")[0]["to"] == list(hexes.add(CENTRE, (-1, 0), 2))


def test_F_A2_fast_travel_only_when_no_enemy_is_in_either_zone():
    session = start()
    board = builtin_board()
    throne = board.hero_spawns["red"][0]
    place(session, h0=throne, h1=CENTRE, h2=None, h3=None)
    to_act(session, ["brannoc_silver", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    travel = {tuple(a[1]) for a in session.decision.legal[0] if a[0] == "fast_travel"}
    zones = {board.zone_of[h] for h in travel}
    assert zones == {"red_throne", "red_shore"}                       # not the Causeway: an enemy is there
    session = start()
    place(session, h0=board.hero_spawns["red"][0], h1=hexes.from_offset(5, 4), h2=None, h3=None)
    to_act(session, ["brannoc_silver", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    travel = {board.zone_of[tuple(a[1])] for a in session.decision.legal[0] if a[0] == "fast_travel"}
    assert travel == {"red_throne"}                                   # the Shore holds an enemy: not a destination


def test_F_A5_a_melee_attack_reaches_adjacent_enemies_a_ranged_one_its_range():
    session = start()
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=hexes.add(CENTRE, (0, 1), 3))
    to_act(session, ["brannoc_gold", "isra_gold", "brannoc_gold", "isra_gold"], 0)
    answer(session, ["attack"])
    assert session.decision.kind == "choose_target" and session.decision.legal[0] == [["hero", 1]]
    session = start()
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, (1, 0), 3), h2=None, h3=hexes.add(CENTRE, (1, 0), 4))
    to_act(session, ["brannoc_silver", "isra_gold", "brannoc_gold", "isra_silver"], 1)   # isra gold: range 3
    answer(session, ["attack"])
    assert session.decision.legal[1] == [["hero", 0]]


def test_F_D1_F_D2_the_defender_chooses_a_card_and_a_high_enough_defense_holds():
    session = start()
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["brannoc_red1", "isra_gold", "brannoc_gold", "isra_gold"], 0)       # attack 5
    attack(session, 1)
    decision = session.decision
    assert decision.kind == "defend" and decision.players == (1,) and decision.prompt["attack"] == 5
    assert ["no_defense"] in decision.legal[1] and ["defend", "isra_silver"] in decision.legal[1]
    events = answer(session, ["defend", "isra_red1"])                    # defense 1 < 5: defeated
    assert of(events, "F-D2")[0]["defended"] is False and of(events, "F-K1")
    session = start()
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_gold", "brannoc_gold", "isra_silver"], 0)     # attack 4 vs silver 4
    attack(session, 1)
    events = answer(session, ["defend", "isra_blue1"])                   # blue1 defense 2 < 4
    assert of(events, "F-K1")
    session = start()
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_red1", "brannoc_gold", "isra_gold"], 0)
    attack(session, 1)
    events = answer(session, ["defend", "isra_silver"])                  # 4 ≥ 4: defended
    assert of(events, "F-D2")[0]["defended"] is True and session.state.heroes[1].position == EAST
    assert "isra_silver" in session.state.heroes[1].discard              # revealed and discarded


def test_F_D3_no_defense_is_defeat_and_F_K2_F_K3_coins_and_life():
    session = start()
    place(session, h0=CENTRE, h1=EAST, h2=hexes.add(CENTRE, (-1, 0), 2), h3=None)
    to_act(session, ["brannoc_gold", "isra_gold", "brannoc_silver", "isra_gold"], 0)
    attack(session, 1)
    events = answer(session, ["no_defense"])
    assert of(events, "F-D3") and session.state.heroes[1].position is None
    coins = of(events, "F-K2")
    assert [(c["hero"], c["coins"], c["why"]) for c in coins] == [(0, 1, "defeat"), (2, 1, "assist")]
    assert of(events, "F-K3")[0] == {"kind": "life", "rule": "F-K3", "team": "blue", "spent": 1, "left": 3}


def test_F_D4_a_block_defends_a_ranged_attack_whatever_its_value():
    session = start()
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, (1, 0), 3), h2=None, h3=None)
    to_act(session, ["brannoc_silver", "isra_gold", "brannoc_gold", "isra_gold"], 1)
    session.state.heroes[1].effects.append({"stat": "attack", "amount": 5, "start": 1, "end": 1, "card": "x"})
    attack(session, 0)
    events = answer(session, ["defend", "brannoc_blue1"])                # block: ranged_attack
    assert of(events, "F-D4")[0]["defended"] is True


def test_F_K1_a_hero_defeated_before_its_card_resolves_resolves_it_with_no_action_in_order_by_option():
    """G1-6's alternative (defeated_card resolves_in_order): the card waits for its initiative; the default, at
    the moment of defeat, is tested in test_defeat.py."""
    session = start(coin="red", defeated_card="resolves_in_order")
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    # brannoc red1 (5) beats isra red1 (6)? No: isra acts at 6 first. Use brannoc blue1 9 > isra gold 2.
    play(session, "brannoc_red1", "isra_gold", "brannoc_gold", "isra_silver")
    step(session)
    assert session.state.acting == 0
    attack(session, 1)
    answer(session, ["no_defense"])
    while session.state.unresolved and 1 in session.state.unresolved:
        events = step(session)
        if of(events, "F-K1"):
            assert of(events, "F-K1")[0]["hero"] == 1 and of(events, "S1-R21")[0]["hero"] == 1
            break
        if session.decision is not None:
            idle(session)
    assert session.state.heroes[1].dashboard[0] == "isra_gold"


def test_F_W3_the_team_that_spends_its_last_life_counter_loses():
    session = start()
    session.state.life["blue"] = 1
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_gold", "brannoc_gold", "isra_silver"], 0)
    attack(session, 1)
    events = answer(session, ["no_defense"])
    outcome = session.outcome
    assert outcome.team == "red" and outcome.rule == "F-W3" and outcome.winners == (0, 2) and of(events, "F-W3")


def test_P1_2_defend_cards_any_offers_every_hand_card():
    session = start(defend_cards="any")
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    to_act(session, ["brannoc_gold", "isra_gold", "brannoc_gold", "isra_silver"], 0)
    attack(session, 1)
    assert len(session.decision.legal[1]) == len(session.state.heroes[1].hand) + 1


def test_P1_4_the_round_limit_ends_the_game_on_life_counters():
    session = start(round_limit=1)
    session.state.life["red"] = 3
    while session.outcome is None:
        decision = session.decision
        if decision is None:
            step(session)
            continue
        for seat in decision.players[:decision.needed]:
            session.submit(seat, decision.legal[seat][0])
    assert session.outcome.team == "blue" and session.outcome.rule == "P1-4"
