"""The sensible initiative bot (issue 12 item 6): win rate against random bots, exact positions, every decision kind."""

import copy

import pytest

from engine.core import RandomBot, Rng, Session, make_bot
from engine.rulesets.initiative import hexes
from engine.rulesets.initiative.bots import SensibleBot, fallback
from engine.rulesets.initiative.ruleset import Initiative
from helpers import answer, attack, of, place, play, start, step

CENTRE = hexes.from_offset(12, 4)                 # an open space of the Causeway
EAST = hexes.add(CENTRE, (1, 0))


class StrictBot(SensibleBot):
    """The sensible bot with its fallback off, so an error in its reading fails the test."""

    strict = True


def versus_random(players: int, games: int) -> tuple[int, int]:
    """(wins, draws) of the sensible team over `games` games, alternating which team it is."""
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


def test_sensible_team_wins_at_least_80_percent_of_200_four_player_games_against_random():
    wins, draws = versus_random(4, 200)
    assert wins >= 160, f"sensible team won {wins}/200 ({draws} draws)"


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


# --- every decision kind, and kinds it does not know ---------------------------------------------------

@pytest.mark.parametrize("players,options", [(4, {}), (2, {}), (3, {}), (6, {"defend_cards": "any"}),
                                             (4, {"act_after_respawn": False, "tie_pick": "lowest"})])
def test_it_answers_every_decision_kind_legally_in_mixed_games(players, options):
    seen = {}
    for seed in range(12):
        session = Session.start("initiative", seed=seed, options={"players": players, **options}, events=False)
        mode = seed % 3                                  # sensible: odd seats, even seats, or everyone
        bots = {seat: StrictBot() if mode == 2 or (seat + mode) % 2 else RandomBot() for seat in range(players)}
        while session.outcome is None:
            decision = session.decision
            if decision is None:
                session.advance()
                continue
            for seat in session.waiting()[:decision.needed]:
                action = session.bot_action(seat, bots[seat])
                assert action in decision.legal[seat]
                if isinstance(bots[seat], StrictBot):
                    seen[decision.kind] = seen.get(decision.kind, 0) + 1
                session.submit(seat, action)
    assert {"choose_card", "choose_action", "choose_target", "defend", "respawn"} <= set(seen), seen


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
