"""Rule tests for levelling at End of Round (F-V1…F-V4, G1-4 steps 5 and 6: the pity coin) and items (F-V5).

Each starts from an exact position at turn 4 (heroes with level=, coins=, hands); every hero plays its first
card and holds, and End of Round runs to the level-up decision.
"""

from engine.core import Session
from engine.rulesets.initiative import levelling, stats
from engine.rulesets.initiative.bots import SensibleBot
from helpers import idle, of, step

TWO = {"players": 2, "two_player_heroes": 1}


def at_turn_4(heroes, options=TWO, **position):
    return Session.start("initiative", seed=0, options=options,
                         setup={"position": {"heroes": heroes, "turn": 4, **position}})


def to_level_up(session):
    """Turn 4 played (each hero its first card, every action a hold, no respawn) and End of Round stepped to the
    level-up decision, or on to the next round; the events on the way."""
    events, start = [], session.state.round
    while session.state.round == start:
        decision = session.decision
        if decision is None:
            events += step(session)
        elif decision.prompt.get("step") == "level_up":
            break
        elif decision.kind == "choose_card":
            for seat in decision.players:
                events += [e.to_data() for e in session.submit(seat, decision.legal[seat][0])]
        else:
            events += idle(session)
    return events


def level(session, *answers):
    """Every levelling seat answers (seat, [[hero, returned, taken], …]); then End of Round goes on to the
    next level-up decision or the next round. The events."""
    events = []
    for seat, picks in answers:
        events += [e.to_data() for e in session.submit(seat, ["level_up", picks])]
    return events + to_level_up(session)


def test_F_V1_a_level_costs_the_current_level_and_repeats_while_affordable_never_skipping():
    session = at_turn_4(["brannoc@8,4 level=1 coins=4", "isra@13,4 level=3 coins=2"])
    events = to_level_up(session)
    assert of(events, "G1-4")[-1]["kind"] == "retrieve" and not of(events, "F-V1")
    decision = session.decision
    assert decision.players == (0,) and decision.kind == "choose_card"
    assert decision.prompt == {"step": "level_up", "round": 1, "heroes": [0], "levels": {"0": 2}}
    events = level(session, (0, [[0, "brannoc_red1", "brannoc_red2a"]]))
    assert of(events, "F-V1") == [{"kind": "level_up", "rule": "F-V1", "hero": 0, "level": 2, "paid": 1, "coins": 3}]
    assert session.decision.prompt["heroes"] == [0] and session.decision.prompt["levels"] == {"0": 3}   # again: 2 ≤ 3
    events = level(session, (0, [[0, "brannoc_green1", "brannoc_green2a"]]))
    assert of(events, "F-V1") == [{"kind": "level_up", "rule": "F-V1", "hero": 0, "level": 3, "paid": 2, "coins": 1}]
    brannoc, isra = session.state.heroes
    assert (brannoc.level, brannoc.coins) == (3, 1)                       # level 4 would cost 3: stop
    # Isra's level 4 costs 3: 2 coins never buy a smaller level (no skipping); only the pity coin
    assert (isra.level, isra.coins) == (3, 3)
    assert [(e["hero"], e["why"]) for e in of(events, "G1-4") if e["kind"] == "coins"] == [(1, "pity")]
    assert session.state.round == 2 and session.state.levelled == []


def test_F_V1_every_seat_levels_at_once_in_one_hidden_decision_even_off_the_board():
    session = at_turn_4(["brannoc@8,4 coins=1", "isra@13,4 coins=1", "brannoc@8,5", "isra@off coins=3"],
                        options={"players": 4})
    to_level_up(session)
    decision = session.decision
    assert decision.players == (0, 1, 3) and decision.simultaneous and decision.prompt["heroes"] == [0, 1, 3]
    before = session.view(1)
    session.submit(0, ["level_up", [[0, "brannoc_blue1", "brannoc_blue2b"]]])
    assert session.view(1) == before and session.state.heroes[0].level == 1   # held until every seat has answered
    session.submit(3, ["level_up", [[3, "isra_red1", "isra_red2b"]]])
    events = [e.to_data() for e in session.submit(1, ["level_up", [[1, "isra_green1", "isra_green2a"]]])]
    assert [(e["hero"], e["level"]) for e in of(events, "F-V1")] == [(0, 2), (1, 2), (3, 2)]
    assert session.state.heroes[3].position is None and "isra_red2b" in session.state.heroes[3].hand
    events = to_level_up(session)                                   # hero 3 pays 2 more for level 3, alone
    assert session.decision.players == (3,) and session.decision.prompt["heroes"] == [3]
    events = level(session, (3, [[3, "isra_blue1", "isra_blue2a"]]))
    assert [h.level for h in session.state.heroes] == [2, 2, 1, 3]
    assert [h.coins for h in session.state.heroes] == [0, 0, 1, 0]     # hero 2 alone gets the pity coin
    assert [e["hero"] for e in of(events, "G1-4") if e["kind"] == "coins"] == [2]


def test_F_V2_a_lowest_tier_card_goes_back_one_of_two_higher_comes_in_the_other_is_an_item():
    session = at_turn_4(["brannoc@8,4 coins=1", "isra@13,4"])
    to_level_up(session)
    assert session.decision.legal[0] == [["level_up", [[0, old, new]]] for old, new in (
        ("brannoc_blue1", "brannoc_blue2a"), ("brannoc_blue1", "brannoc_blue2b"),
        ("brannoc_green1", "brannoc_green2a"), ("brannoc_green1", "brannoc_green2b"),
        ("brannoc_red1", "brannoc_red2a"), ("brannoc_red1", "brannoc_red2b"))]
    events = level(session, (0, [[0, "brannoc_red1", "brannoc_red2a"]]))
    brannoc = session.state.heroes[0]
    assert brannoc.hand == sorted(["brannoc_gold", "brannoc_silver", "brannoc_red2a", "brannoc_green1", "brannoc_blue1"])
    assert "brannoc_red1" in brannoc.deck and not {"brannoc_red2a", "brannoc_red2b"} & set(brannoc.deck)
    assert len(brannoc.deck) == 12 and brannoc.items == {"defense": 1}          # red2b's icon, tucked
    upgrade, = of(events, "F-V2")
    assert upgrade == {"kind": "upgrade", "rule": "F-V2", "hero": 0, "colour": "red", "tier": 2, "item": "defense",
                       "items": {"defense": 1}, "reasons": [{"why": "a card of the lowest tier in hand goes up",
                                                              "rule": "F-V3", "tier": 1}]}
    view = session.view(1)                                                     # the other seat: counts only
    assert view["heroes"][0]["deck"] == 12 and view["heroes"][0]["items"] == {"defense": 1}
    assert view["heroes"][0]["level"] == 2 and session.view(0)["heroes"][0]["deck"] == brannoc.deck


def test_F_V3_every_card_reaches_tier_II_before_any_reaches_tier_III():
    hand = "hand=brannoc_gold+brannoc_silver+brannoc_red2a+brannoc_green1+brannoc_blue1"
    session = at_turn_4([f"brannoc@8,4 level=2 coins=2 {hand}", "isra@13,4"])
    to_level_up(session)
    returned = {pick[0][1] for _, pick in session.decision.legal[0]}
    assert returned == {"brannoc_green1", "brannoc_blue1"}                    # not red2a: tier I first
    hand = "hand=brannoc_gold+brannoc_silver+brannoc_red2a+brannoc_green2b+brannoc_blue2a"
    session = at_turn_4([f"brannoc@8,4 level=4 coins=4 {hand}", "isra@13,4"])
    to_level_up(session)
    takes = {pick[0][2] for _, pick in session.decision.legal[0]}
    assert takes == {f"brannoc_{c}3{x}" for c in ("red", "green", "blue") for x in "ab"}   # all tier II: III now


def test_F_V3_after_every_card_is_tier_III_the_next_level_is_the_ultimate_and_the_last():
    hand = "hand=brannoc_gold+brannoc_silver+brannoc_red3a+brannoc_green3b+brannoc_blue3a"
    session = at_turn_4([f"brannoc@8,4 level=7 coins=15 {hand}", "isra@13,4"])
    events = to_level_up(session)                                             # no choice: straight to round 2
    brannoc = session.state.heroes[0]
    assert session.state.round == 2 and (brannoc.level, brannoc.coins) == (8, 8)
    assert brannoc.ultimate == "brannoc_ultimate" and "brannoc_ultimate" not in brannoc.deck
    assert of(events, "F-V3") == [{"kind": "ultimate", "rule": "F-V3", "hero": 0, "card": "brannoc_ultimate", "level": 8}]
    assert of(events, "F-V1")[0]["paid"] == 7
    assert [e["hero"] for e in of(events, "G1-4") if e["kind"] == "coins"] == [1]   # he levelled: no pity coin
    assert not levelling.affordable(brannoc) and not levelling.upgrades(session.state, brannoc)   # no level 9
    session = at_turn_4([f"brannoc@8,4 level=8 coins=20 {hand}", "isra@13,4"])
    events = to_level_up(session)
    assert not of(events, "F-V1") and session.state.heroes[0].coins == 21    # level 8 is the last: a pity coin


def test_F_V4_the_highest_tier_a_level_allows():
    assert [levelling.max_tier(n) for n in range(1, 9)] == [1, 2, 2, 2, 3, 3, 3, 4]
    hand = "hand=brannoc_gold+brannoc_silver+brannoc_red2a+brannoc_green2b+brannoc_blue2a"
    session = at_turn_4([f"brannoc@8,4 level=1 coins=5 {hand}", "isra@13,4"])  # tier II at level 1 (a position)
    events = to_level_up(session)
    assert session.state.round == 2 and not of(events, "F-V1")               # level 2 allows no tier III
    assert session.state.heroes[0].coins == 6
    session = at_turn_4([f"brannoc@8,4 level=4 coins=4 {hand}", "isra@13,4"])
    to_level_up(session)
    events = level(session, (0, [[0, "brannoc_green2b", "brannoc_green3b"]]))
    assert of(events, "F-V4") == [{"kind": "max_tier", "rule": "F-V4", "hero": 0, "level": 5, "tier": 3}]
    assert session.state.heroes[0].items == {"radius": 1}                    # green3a's icon


def test_F_V5_items_raise_only_cards_showing_the_icon_and_never_card_text():
    session = at_turn_4(["brannoc@8,4", "isra@9,4"])
    game = session.state
    brannoc = game.heroes[0]
    brannoc.items = {icon: 1 for icon in ("attack", "defense", "initiative", "range", "movement", "radius")}
    cards = game.content.cards
    gold, green1, silver = cards["brannoc_gold"], cards["brannoc_green1"], cards["brannoc_silver"]
    assert stats.attack_total(game, brannoc, gold) == 5 and stats.attack_range(game, brannoc, gold) == 1  # no range icon
    assert stats.defense_total(game, brannoc, gold) == 4 and stats.movement(game, brannoc, silver, False) == 3
    assert stats.initiative(game, brannoc, green1) == green1.initiative + 1
    assert stats.item_bonus(brannoc, green1, "attack") == 0 and stats.item_bonus(brannoc, gold, "radius") == 0
    assert stats.radius(game, brannoc, green1, 2) == 3                       # green1 shows Radius 2
    # the reveal and the attack cite the items they count
    session.submit(0, ["play", ["brannoc_gold"]])
    events = [e.to_data() for e in session.submit(1, ["play", ["isra_silver"]])]
    assert of(events, "F-V5") == [{"kind": "item", "rule": "F-V5", "hero": 0, "card": "brannoc_gold",
                                   "icon": "initiative", "items": 1, "bonus": 1, "shows": True}]
    while not (session.decision and session.decision.kind == "choose_action" and game.acting == 0):
        idle(session) if session.decision else step(session)
    session.submit(0, ["attack"])
    events = [e.to_data() for e in session.submit(0, ["hero", 1])]
    assert of(events, "F-V5")[0]["icon"] == "attack" and of(events, "F-D1")[0]["attack"] == 5
    # card text keeps its printed numbers: green1's "+1 Defense" stays +1 with a Defense item
    session = at_turn_4(["brannoc@8,4", "isra@13,4", "brannoc@8,5", "isra@13,5"], options={"players": 4})
    game = session.state
    for hero in game.heroes:
        hero.items = {"defense": 2, "radius": 1}
    for seat, card in enumerate(["brannoc_green1", "isra_gold", "brannoc_gold", "isra_silver"]):
        session.submit(seat, ["play", [card]])
    while not (session.decision and session.decision.kind == "choose_action" and game.acting == 0):
        idle(session) if session.decision else step(session)
    session.submit(0, ["skill"])
    assert [e["amount"] for e in game.heroes[2].effects] == [1]


def test_G1_4_the_pity_coin_goes_to_every_hero_that_did_not_level_up_after_levelling():
    session = at_turn_4(["brannoc@8,4 coins=1", "isra@13,4 coins=0", "brannoc@8,5 level=2 coins=1", "isra@off coins=7"],
                        options={"players": 4})
    to_level_up(session)
    assert session.decision.players == (0, 3)
    session.submit(3, ["level_up", [[3, "isra_red1", "isra_red2a"]]])
    events = [e.to_data() for e in session.submit(0, ["level_up", [[0, "brannoc_red1", "brannoc_red2a"]]])]
    events += to_level_up(session)
    while session.decision is not None and session.decision.prompt.get("step") == "level_up":
        seat = session.decision.players[0]
        events += level(session, (seat, session.decision.legal[seat][0][1]))
    pity = [e for e in of(events, "G1-4") if e["kind"] == "coins"]
    assert [(e["hero"], e["coins"], e["total"]) for e in pity] == [(1, 1, 1), (2, 1, 2)]
    kinds = [e["kind"] for e in events]
    assert kinds.index("coins") > max(i for i, k in enumerate(kinds) if k == "level_up")   # step 6 after step 5
    assert session.state.heroes[3].level == 4 and session.state.heroes[3].coins == 1       # 1+2+3 paid of 7


def test_the_sensible_bot_answers_a_level_up_keeping_the_cards_its_style_uses():
    session = at_turn_4(["brannoc@8,4 coins=1", "isra@13,4 coins=1"])
    to_level_up(session)
    bot = SensibleBot()
    bot.strict = True
    for seat in (0, 1):
        choice = bot.choose(session.view(seat), session.decision.legal[seat], None)
        assert choice in session.decision.legal[seat]
        (hero, returned, taken), = choice[1]
        assert session.state.content.cards[taken].colour == session.state.content.cards[returned].colour
        assert session.state.content.cards[taken].primary == "attack"            # both hands attack: keep attacking


def test_F_V1_the_level_up_decision_hides_the_upgrade_pools_and_hands():
    """Levels, coins and items are public; what another seat's hero holds or keeps in its pool is not: a variant
    differing only in that gives the same view, and no view shows another seat's hand (F-V1, F-V2)."""
    from engine.core import Rng
    from engine.rulesets.initiative.ruleset import Initiative
    ruleset = Initiative()
    session = at_turn_4(["brannoc@8,4 coins=3", "isra@13,4 coins=1", "brannoc@8,5", "isra@off coins=3"],
                        options={"players": 4})
    to_level_up(session)
    game, rng = session.state, Rng(3)
    for seat in (None, 0, 1, 2, 3):
        for _ in range(5):
            variant = ruleset.private_variant(game, seat, rng)
            assert ruleset.view(variant, seat) == ruleset.view(game, seat)
        view = ruleset.view(game, seat)
        assert view["pending"] == {"kind": "level_up", "heroes": [0, 1, 3]}
        for hero in view["heroes"]:
            mine = hero["seat"] == seat
            assert isinstance(hero["deck"], list) == mine and isinstance(hero["hand"], list) == mine
            assert {"level", "coins", "items"} <= set(hero)


def test_F_V1_a_seat_running_two_heroes_levels_both_in_one_answer():
    session = at_turn_4(["brannoc@8,4 coins=1", "isra@13,4", "brannoc@8,5 coins=1", "isra@13,5"],
                        options={"players": 2})                     # G1-8: each seat runs two heroes
    to_level_up(session)
    decision = session.decision
    assert decision.players == (0,) and decision.prompt["heroes"] == [0, 2] and len(decision.legal[0]) == 36
    answer = ["level_up", [[0, "brannoc_red1", "brannoc_red2a"], [2, "brannoc_blue1", "brannoc_blue2b"]]]
    assert answer in decision.legal[0]
    events = level(session, (0, answer[1]))
    assert [(e["hero"], e["item"]) for e in of(events, "F-V2")] == [(0, "defense"), (2, "movement")]
    assert [h.level for h in session.state.heroes] == [2, 1, 2, 1]
