"""The defender's prompt (F-D2 step 5 before the choice): each card's Defense total and block, as the engine
previews it (combat.defence_preview), equals what the defence then reaches; only the defender sees it."""

import pytest

from engine.core import Session, make_bot
from engine.rulesets import get
from engine.rulesets.initiative import hexes
from helpers import CENTRE, EAST, add_cards, answer, attack, give, make_card, of, place, play_out, start, to_act


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 4), (3, 4), (4, 6), (5, 4)])
def test_the_preview_is_the_total_the_defence_reaches_and_only_the_defender_sees_it(seed, players):
    session = Session.start("initiative", seed=seed, options={"players": players, "defend_cards": "any"})
    ruleset = get("initiative")
    bots = {seat: make_bot(ruleset, "sensible") for seat in range(players)}
    checked = []

    def choose(seat, decision):
        action = session.bot_action(seat, bots[seat])
        if decision.kind == "defend":
            preview = decision.prompt["cards"]
            assert sorted(preview) == sorted(a[1] for a in decision.legal[seat] if a[0] == "defend")
            assert session.view(seat)["pending"]["cards"] == preview            # the defender's own view
            for other in range(players):
                if other != seat:
                    assert "cards" not in (session.view(other)["pending"] or {})   # its hand stays hidden
            assert "cards" not in (session.view(None)["pending"] or {})
            if action[0] == "defend":
                checked.append((preview[action[1]], decision.prompt["attack"], len(session.history)))
        return action

    play_out(session, choose)
    reports = [e.to_data() for step in session.history for e in step if e.kind == "defend"]
    assert len(reports) == len(checked) > 0
    for (preview, attack, _), event in zip(checked, reports):
        assert event["defense"] == preview["total"]
        assert event["defended"] == preview["defends"]                  # F-D4: a block card by its condition
        assert preview["defends"] == (preview["blocks"] if event["rule"] == "F-D4" else preview["total"] >= attack)
        assert (event["rule"] == "F-D4") == (session.state.content.cards[event["card"]].block is not None)


def test_the_preview_counts_a_defence_cards_own_on_defend_bonus_and_the_block():
    """F-D5: a Defense card whose text gives itself +1 Defense when it defends; F-D4 a block whatever the totals."""
    braced = make_card("t_braced", "isra_silver", [
        {"do": "modify", "stat": "defense", "amount": 1, "duration": "this_turn", "who": "self", "when": "on_defend"}])
    session = start()
    add_cards(session, braced)
    place(session, h0=CENTRE, h1=EAST, h2=None, h3=None)
    give(session, 1, "t_braced")
    to_act(session, ["brannoc_red1", "isra_gold", "brannoc_gold", "isra_gold"], 0)        # attack 5
    attack(session, 1)
    prompt = session.decision.prompt
    printed = session.state.content.cards["isra_silver"].value
    assert prompt["attack"] == 5 and prompt["cards"]["t_braced"] == {"total": printed + 1, "blocks": False,
                                                                   "defends": True}
    assert prompt["cards"]["isra_silver"] == {"total": printed, "blocks": False, "defends": False}
    events = answer(session, ["defend", "t_braced"])
    assert of(events, "F-D2")[0]["defense"] == printed + 1 == prompt["cards"]["t_braced"]["total"]
    # F-D4: Shield Wall blocks a ranged attack, whatever the totals; the preview says so.
    session = start()
    place(session, h0=CENTRE, h1=hexes.add(CENTRE, (1, 0), 3), h2=None, h3=None)
    to_act(session, ["brannoc_silver", "isra_gold", "brannoc_gold", "isra_gold"], 1)
    session.state.heroes[1].effects.append({"stat": "attack", "amount": 5, "start": 1, "end": 1, "card": "x"})
    attack(session, 0)
    prompt = session.decision.prompt
    assert prompt["cards"]["brannoc_blue1"]["blocks"] is True and prompt["cards"]["brannoc_blue1"]["total"] < prompt["attack"]
    assert prompt["cards"]["brannoc_blue1"]["defends"] is True
    events = answer(session, ["defend", "brannoc_blue1"])
    assert of(events, "F-D4")[0]["defended"] is True
