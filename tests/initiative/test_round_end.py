"""End of Round (S1-R23, G1-4): the rulebook's six steps, in its order, each an automatic step of its own."""

from engine.core import Session
from engine.rulesets.initiative.round_end import STEPS
from helpers import idle, of, play, step


def test_S1_R23_G1_4_the_six_steps_in_the_rulebooks_order_from_the_minion_battle_to_the_pity_coin():
    session = Session.start("initiative", seed=1, options={"players": 2, "two_player_heroes": 1}, setup={"position": {
        "heroes": ["brannoc@8,4 coins=1 poison", "isra@13,4"], "turn": 4, "tokens": ["rubble@10,4 hero=1"],
        "minions": ["red melee@9,7", "blue melee@13,6"]}})
    play(session, "brannoc_green1", "isra_gold")
    events = []
    while session.state.phase != "select" or session.state.round == 1:
        events += step(session) if session.decision is None else idle(session)
    kinds = [e["kind"] for e in events]
    # the order of G1-4: battle, tokens and markers, push (none due), retrieve, level up, pity coin
    assert kinds.index("round_end") < kinds.index("minion_battle") < kinds.index("clear_board") \
        < kinds.index("retrieve") < kinds.index("level_up") < kinds.index("coins")
    assert of(events, "S1-R23")[0]["round"] == 1 and not [k for k in kinds if k == "lane_push"]
    assert of(events, "G1-4")[0] == {"kind": "minion_battle", "rule": "G1-4", "zone": "causeway",
                                     "counts": {"red": 1, "blue": 1}, "lane": 0}      # equal: nobody removes a minion
    brannoc, isra = session.state.heroes
    assert session.state.tokens == [] and brannoc.markers == []            # step 2
    assert len(brannoc.hand) == 5 and len(isra.hand) == 5 and brannoc.effects == [] and brannoc.dashboard == [None] * 4
    assert (brannoc.level, brannoc.coins) == (2, 0)                        # step 5: level 2 for 1 coin (F-V1)
    assert (isra.level, isra.coins) == (1, 1)                              # step 6: the pity coin
    pity = [e for e in of(events, "G1-4") if e["kind"] == "coins"]
    assert pity == [{"kind": "coins", "rule": "G1-4", "hero": 1, "coins": 1, "why": "pity", "total": 1}]
    assert session.state.round == 2 and session.state.turn == 1 and session.decision.kind == "choose_card"


def test_each_end_of_round_step_is_one_automatic_step():
    """G1-4: six steps, each its own automatic step, so a viewer steps through them one by one."""
    session = Session.start("initiative", seed=1, options={"players": 2, "two_player_heroes": 1}, setup={"position": {
        "heroes": ["brannoc@8,4", "isra@13,4"], "turn": 4}})
    play(session, "brannoc_gold", "isra_gold")
    while session.state.phase != "end_of_round":
        step(session) if session.decision is None else idle(session)
    seen = []
    while session.state.phase == "end_of_round":
        seen.append(STEPS[session.state.round_step])
        step(session)
    assert seen == list(STEPS)
