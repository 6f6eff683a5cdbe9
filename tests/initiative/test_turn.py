"""Rule tests for the turn sequence (S1-R1…R23) and setup (F-S1, F-S3, F-S4): exact positions, state and events."""

import pytest

from engine.core import IllegalAction, Session
from helpers import answer, of, place, play, start, step

# Initiatives of the starting hands: brannoc gold 2, silver 3, red1 5, green1 7, blue1 9;
# isra gold 2, silver 3, red1 6, green1 8, blue1 11.


def test_F_S1_F_S3_F_S4_setup_teams_coin_life_and_the_hand_of_five():
    session = start()
    events = [e.to_data() for e in session.history[0]]
    assert [s.team for s in session.seats] == ["red", "blue", "red", "blue"]
    assert of(events, "F-S1")[0]["coin"] in ("red", "blue")
    assert session.state.life == {"red": 4, "blue": 4}
    for hero in session.state.heroes:
        assert len(hero.hand) == 5 and len(hero.deck) == 13 and hero.level == 1
        assert hero.position in session.state.board.hero_spawns[hero.team]
    assert len(of(events, "F-S4")) == 4


@pytest.mark.parametrize("players, length, life", [(2, "quick", 4), (3, "long", 6), (6, "quick", 5), (6, "long", 8)])
def test_F_S3_life_counters_by_player_count(players, length, life):
    assert start(players, length=length).state.life == {"red": life, "blue": life}


def test_G1_8_two_players_run_two_heroes_each_and_P1_1_odd_counts_even_the_teams():
    two = start(2)
    assert [h.seat for h in two.state.heroes] == [0, 1, 0, 1]
    assert len(two.decision.legal[0]) == 25                 # one card for each of its two heroes at once
    assert [h.seat for h in start(2, two_player_heroes=1).state.heroes] == [0, 1]
    assert [h.team for h in start(3).state.heroes] == ["red", "blue", "red", "blue"]
    assert [h.team for h in start(3, odd_count="uneven").state.heroes] == ["red", "blue", "red"]


def test_S1_R1_S1_R6_selection_is_simultaneous_and_hidden_until_all_have_played():
    session = start()
    decision = session.decision
    assert decision.kind == "choose_card" and decision.simultaneous and decision.players == (0, 1, 2, 3)
    before = session.view(1)
    session.submit(0, ["play", ["brannoc_red1"]])
    assert session.view(1) == before and "brannoc_red1" in session.state.heroes[0].hand
    events = play_rest(session, {1: "isra_gold", 2: "brannoc_gold", 3: "isra_silver"})
    reveal = of(events, "S1-R6")[0]
    assert reveal["cards"] == {"0": "brannoc_red1", "1": "isra_gold", "2": "brannoc_gold", "3": "isra_silver"}


def play_rest(session, cards):
    events = []
    for seat, card in cards.items():
        events += [e.to_data() for e in session.submit(seat, ["play", [card]])]
    return events


def test_S1_R2_S1_R3_the_card_not_the_action_is_chosen_and_a_card_must_be_played():
    session = start()
    legal = session.decision.legal[0]
    assert all(action[0] == "play" and action[1][0] is not None for action in legal) and len(legal) == 5
    with pytest.raises(IllegalAction):
        session.submit(0, ["play", ["pass"]])


def test_S1_R4_S1_R5_off_board_heroes_still_play_and_an_empty_hand_passes():
    session = start()
    place(session, h0=None)
    session.state.heroes[1].hand.clear()
    assert session.decision.legal[1] == [["play", ["pass"]]]
    assert len(session.decision.legal[0]) == 5
    events = play(session, "brannoc_gold", "pass", "brannoc_gold", "isra_gold")
    assert of(events, "S1-R5")[0]["hero"] == 1
    assert session.state.unresolved == [0, 2, 3]


def test_S1_R7_S1_R8_S1_R21_highest_initiative_first_and_cards_go_to_the_dashboard_slot():
    session = start()
    play(session, "brannoc_blue1", "isra_red1", "brannoc_gold", "isra_green1")     # 9, 6, 2, 8
    order = []
    while session.state.unresolved:
        events = step(session)
        order.append(of(events, "S1-R8")[0]["hero"])
        events = answer(session, ["hold"])
        resolved = of(events, "S1-R21")[0]
        assert resolved["slot"] == 1 and session.state.heroes[resolved["hero"]].dashboard[0] == resolved["card"]
    assert order == [0, 3, 1, 2]


def test_S1_R9_S1_R10_a_cross_team_tie_goes_to_the_coin_team_and_its_player_flips():
    session = start(coin="blue")
    play(session, "brannoc_gold", "isra_gold", "brannoc_silver", "isra_silver")    # 2, 2, 3, 3: a tie at 3
    events = step(session)
    assert of(events, "S1-R9")[0]["heroes"] == [2, 3] and session.state.acting == 3
    events = answer(session, ["hold"])
    assert of(events, "S1-R10") == [{"kind": "flip", "rule": "S1-R10", "hero": 3, "seat": 3, "coin": "red"}]
    step(session)
    assert session.state.acting == 2                 # the rest of the tie at 3: no flip, no tie
    assert not of(answer(session, ["hold"]), "S1-R10")


def test_S1_R11_a_same_team_tie_is_the_teams_choice_without_a_flip():
    session = start()
    play(session, "brannoc_red1", "isra_gold", "brannoc_red1", "isra_silver")      # red tie at 5
    events = step(session)
    assert of(events, "S1-R11")[0]["team"] == "red"
    decision = session.decision
    assert decision.kind == "choose_order" and decision.any_of and decision.players == (0, 2)
    events = answer(session, ["first", 2], seat=0)
    assert of(events, "S1-R13")[0]["hero"] == 2 and session.state.acting == 2
    coin = session.state.coin
    answer(session, ["hold"])
    assert session.state.coin == coin


@pytest.mark.parametrize("chooser, players", [("lowest_seat", (0,)), ("any_one", (0, 2))])
def test_S1_R13_the_chooser_of_a_same_team_tie_is_an_option(chooser, players):
    session = start(tie_chooser=chooser)
    play(session, "brannoc_red1", "isra_gold", "brannoc_red1", "isra_silver")
    step(session)
    assert session.decision.players == players


def test_S1_R13_seat_order_asks_nobody():
    session = start(tie_chooser="seat_order")
    play(session, "brannoc_red1", "isra_gold", "brannoc_red1", "isra_silver")
    events = step(session)
    assert of(events, "S1-R13")[0]["hero"] == 0 and session.decision.kind == "choose_action"


def test_S1_R12_the_three_way_example():
    """A1, A2 (team red) and B1 tie; the coin shows red: a red hero acts, the coin flips to blue, B1 acts,
    the coin flips to red, then the last red hero acts (no flip: the tie is one team's)."""
    session = start(3, odd_count="uneven", coin="red")
    # heroes: 0 red (brannoc), 1 blue (isra), 2 red (brannoc): all play initiative 2
    play(session, "brannoc_gold", "isra_gold", "brannoc_gold")
    step(session)
    assert session.decision.kind == "choose_order" and session.decision.prompt["heroes"] == [0, 2]
    answer(session, ["first", 0])
    events = answer(session, ["hold"])
    assert of(events, "S1-R10")[0]["coin"] == "blue"
    events = step(session)
    assert of(events, "S1-R9") and session.state.acting == 1
    events = answer(session, ["hold"])
    assert of(events, "S1-R10")[0]["coin"] == "red"
    events = step(session)
    assert of(events, "S1-R8")[0]["hero"] == 2
    events = answer(session, ["hold"])
    assert not of(events, "S1-R10") and session.state.coin == "red"


def test_A1_1_tie_pick_lowest_asks_no_one():
    session = start(3, odd_count="uneven", coin="red", tie_pick="lowest")
    play(session, "brannoc_gold", "isra_gold", "brannoc_gold")
    step(session)
    assert session.state.acting == 0 and session.decision.kind == "choose_action"


def test_A1_2_flip_before_the_action_is_the_alternative():
    session = start(coin="blue", flip_timing="before_action")
    play(session, "brannoc_gold", "isra_gold", "brannoc_silver", "isra_silver")
    events = step(session)
    assert of(events, "S1-R10") and session.state.coin == "red"
    assert not of(answer(session, ["hold"]), "S1-R10")


def test_A1_6_effective_initiative_counts_poison_and_the_printed_option_does_not():
    session = start()
    session.state.heroes[0].markers.append("poison")
    play(session, "brannoc_red1", "isra_gold", "brannoc_gold", "isra_red1")       # 5−1 = 4 < 6
    assert of(step(session), "S1-R8")[0]["hero"] == 3
    printed = start(effective_initiative="printed")
    printed.state.heroes[0].markers.append("poison")
    play(printed, "brannoc_blue1", "isra_gold", "brannoc_gold", "isra_green1")    # 9 (printed) > 8
    assert of(step(printed), "S1-R8")[0]["hero"] == 0


def test_S1_R14_S1_R15_S1_R17_one_action_primary_or_secondary_and_hold_on_every_card():
    session = start()
    play(session, "brannoc_gold", "isra_gold", "brannoc_gold", "isra_blue1")
    step(session)                                     # isra blue1 (11): movement 4, defense 2
    legal = session.decision.legal[3]
    kinds = {a[0] for a in legal}
    assert {"hold", "move"} <= kinds and "attack" not in kinds
    assert ["move", "primary"] in legal                          # the primary starts its text, then the destination
    assert not [a for a in legal if a[0] == "move" and a != ["move", "primary"]]   # no movement secondary on it


def test_S1_R16_text_applies_only_with_the_primary():
    session = start()
    play(session, "brannoc_green1", "isra_gold", "brannoc_gold", "isra_silver")   # Rallying Roar: +1 Defense, radius 2
    step(session)
    events = answer(session, ["skill"])
    assert [e["hero"] for e in of(events, "S1-R16")] == [2]       # the friendly hero next to it, not itself
    session = start()
    play(session, "brannoc_green1", "isra_gold", "brannoc_gold", "isra_silver")
    step(session)
    move = next(a for a in session.decision.legal[0] if a[0] == "move" and a[2] == "secondary")
    assert not of(answer(session, move), "S1-R16") and not session.state.heroes[2].effects


def test_S1_R18_S1_R20_respawn_on_an_empty_spawn_point_or_decline():
    session = start()
    place(session, h0=None)
    play(session, "brannoc_blue1", "isra_gold", "brannoc_gold", "isra_silver")
    step(session)
    decision = session.decision
    assert decision.kind == "respawn" and ["decline"] in decision.legal[0]
    free = [list(h) for h in session.state.board.hero_spawns["red"] if h != session.state.heroes[2].position]
    assert sorted(a[1] for a in decision.legal[0] if a[0] == "respawn") == sorted(free)
    events = answer(session, ["respawn", free[0]])
    assert of(events, "S1-R18") and session.decision.kind == "choose_action"

    session = start()
    place(session, h0=None)
    play(session, "brannoc_blue1", "isra_gold", "brannoc_gold", "isra_silver")
    step(session)
    events = answer(session, ["decline"])
    assert of(events, "S1-R20") and of(events, "S1-R21") and session.state.heroes[0].position is None


def test_S1_R19_every_spawn_point_taken_respawns_next_to_one():
    session = start()
    spawns = session.state.board.hero_spawns["red"]
    place(session, h0=None, h1=spawns[0], h2=spawns[1], h3=spawns[2])
    play(session, "brannoc_blue1", "isra_gold", "brannoc_gold", "isra_silver")
    step(session)
    spaces = [tuple(a[1]) for a in session.decision.legal[0] if a[0] == "respawn"]
    assert spaces and all(min(abs(s[0] - p[0]) + abs(s[1] - p[1]) for p in spawns) <= 2 for s in spaces)
    from engine.rulesets.initiative import hexes
    assert all(any(hexes.adjacent(s, p) for p in spawns) for s in spaces)
    assert of(answer(session, ["respawn", list(spaces[0])]), "S1-R19")


def test_A1_4_respawn_as_the_whole_action_is_the_alternative():
    session = start(act_after_respawn=False)
    place(session, h0=None)
    play(session, "brannoc_blue1", "isra_gold", "brannoc_gold", "isra_silver")
    step(session)
    spot = next(a for a in session.decision.legal[0] if a[0] == "respawn")
    events = answer(session, spot)
    assert of(events, "A1-4") and of(events, "S1-R21")


def test_S1_R22_S1_R23_this_turn_effects_end_with_the_turn_and_four_turns_make_a_round():
    session = start()
    play(session, "brannoc_green1", "isra_gold", "brannoc_gold", "isra_silver")
    step(session)
    answer(session, ["skill"])
    assert session.state.heroes[2].effects
    while session.state.unresolved:
        step(session)
        answer(session, ["hold"])
    events = step(session)
    assert of(events, "S1-R22") and not session.state.heroes[2].effects and session.state.turn == 2
    events = []
    for _ in range(3):
        decision = session.decision
        for seat in decision.players:
            session.submit(seat, decision.legal[seat][0])
        while session.decision is None or session.decision.kind != "choose_card":
            if session.decision is None:
                events += step(session)           # End of Round: one automatic step per G1-4 step
            else:
                answer(session, session.decision.legal[session.decision.players[0]][0])    # hold, or a tie's first pick
    assert of(events, "S1-R23") and session.state.round == 2 and session.state.turn == 1
    assert all(len(h.hand) == 5 and h.dashboard == [None] * 4 for h in session.state.heroes)
