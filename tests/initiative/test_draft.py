"""Hero selection before the first turn (draft.py; P1-8 the phase and its order, P1-9 the variants): the order
from the coin's team, no hero twice (within a team; in drafts, at the table), bans, offers kept secret, two
picks for a seat with two heroes, replay, refusals, the sensible bot's pick and conformance per variant."""

from dataclasses import replace

import pytest

from engine.core import BadOption, BadSetup, IllegalAction, RandomBot, Rng, Session
from engine.rulesets.initiative import draft
from engine.rulesets.initiative.bots import SensibleBot
from engine.rulesets.initiative.options import OPTIONS
from engine.rulesets.initiative.ruleset import Initiative
from helpers import of

from .. import conformance

HEROES = ["brannoc", "gorm", "isra", "maren", "nim", "tova"]
PICKING = ("all_pick", "single_draft", "random_draft", "player_draft", "pick_and_ban")


def begin(selection, coin, players=4, **options) -> Session:
    """A new game with this hero selection whose coin (flipped at setup, F-S1) shows `coin`."""
    for seed in range(50):
        session = Session.start("initiative", seed=seed,
                                options={"players": players, "hero_selection": selection, **options})
        if session.state.coin == coin:
            return session
    raise AssertionError("no seed gives that coin")


def events(session, seat, action):
    return [e.to_data() for e in session.submit(seat, action)]


def pick_all(session, choose=lambda legal: legal[0]) -> list:
    """Answer every selection step; the (seat, action) answers in order."""
    answers = []
    while session.state.phase == "draft":
        decision = session.decision
        seat = decision.players[0]
        action = choose(decision.legal[seat])
        answers.append((seat, action))
        session.submit(seat, action)
    return answers


@pytest.mark.parametrize("coin, seats", [("red", [0, 1, 2, 3]), ("blue", [1, 0, 3, 2])])
def test_P1_8_all_pick_alternates_teams_from_the_coin_and_F_S4_follows_the_last_pick(coin, seats):
    session = begin("all_pick", coin)
    start = [e.to_data() for e in session.history[0]]
    assert of(start, "F-S1")[0]["coin"] == coin and not of(start, "F-S4") and session.state.heroes == []
    assert session.decision.kind == "choose" and session.decision.prompt["draft"] == "pick"
    answers = pick_all(session)
    assert [seat for seat, _ in answers] == seats
    assert [a[0] for _, a in answers] == ["pick"] * 4
    last = [e.to_data() for e in session.history[-1]]
    assert len(of(last, "F-S4")) == 4 and of(last, "S1-R1")
    assert [h.hero for h in session.state.heroes] == session.state.draft["picks"]
    for hero in session.state.heroes:
        assert hero.position in session.state.board.hero_spawns[hero.team] and len(hero.hand) == 5
    assert session.decision.kind == "choose_card" and session.state.phase == "select"


@pytest.mark.parametrize("selection", PICKING)
def test_P1_8_G1_8_two_players_pick_twice_each_alternating_from_the_coin(selection):
    session = begin(selection, "blue", players=2)
    answers = [(seat, a) for seat, a in pick_all(session) if a[0] == "pick"]
    assert [seat for seat, _ in answers] == [1, 0, 1, 0]
    assert [h.seat for h in session.state.heroes] == [0, 1, 0, 1]
    picks = session.state.draft["picks"]
    assert picks[1] == answers[0][1][1] and picks[0] == answers[1][1][1]    # blue's first hero picked first
    assert picks[3] == answers[2][1][1] and picks[2] == answers[3][1][1]
    assert picks[0] != picks[2] and picks[1] != picks[3]                     # never twice within a team


def test_P1_8_a_team_with_all_its_heroes_lets_the_other_go_on_alone():
    session = begin("player_draft", "blue", players=3, odd_count="uneven")
    assert [seat for seat, _ in pick_all(session)] == [1, 0, 2]
    session = begin("player_draft", "red", players=5, odd_count="uneven")
    assert [seat for seat, _ in pick_all(session)] == [0, 1, 2, 3, 4]


def test_P1_8_all_pick_no_hero_twice_within_a_team_but_the_other_team_may_take_it():
    session = begin("all_pick", "red")
    pick = events(session, 0, ["pick", "brannoc"])
    assert of(pick, "P1-8")[0] | {"hero": "brannoc", "seat": 0, "team": "red", "slot": 0} == of(pick, "P1-8")[0]
    assert ["pick", "brannoc"] in session.decision.legal[1]
    events(session, 1, ["pick", "brannoc"])
    assert ["pick", "brannoc"] not in session.decision.legal[2] and len(session.decision.legal[2]) == 5
    digest = session.digest()
    with pytest.raises(IllegalAction) as error:
        session.submit(2, ["pick", "brannoc"])
    assert "\n" not in str(error.value) and session.digest() == digest
    with pytest.raises(IllegalAction):
        session.submit(3, ["pick", "isra"])                                  # not seat 3's pick yet


@pytest.mark.parametrize("selection", ["player_draft", "random_draft", "single_draft", "pick_and_ban"])
def test_P1_8_in_drafts_no_hero_is_taken_twice_at_the_table(selection):
    session = begin(selection, "red", players=6)
    taken = []
    while session.state.phase == "draft":
        decision = session.decision
        seat = decision.players[0]
        assert not {a[1] for a in decision.legal[seat]} & set(taken)
        taken.append(decision.legal[seat][-1][1])
        session.submit(seat, decision.legal[seat][-1])
    assert sorted(taken) == HEROES and sorted(h.hero for h in session.state.heroes) == HEROES


def test_P1_9_all_random_draws_every_hero_at_setup_from_the_coin_team_without_a_decision():
    session = begin("all_random", "blue")
    start = [e.to_data() for e in session.history[0]]
    picks = of(start, "P1-8")[1:-1]
    assert [p["seat"] for p in picks] == [1, 0, 3, 2]
    assert all(p["reasons"][0]["why"] == "drawn at random" for p in picks)
    assert len(of(start, "F-S4")) == 4 and session.decision.kind == "choose_card"
    heroes = session.state.heroes
    assert heroes[0].hero != heroes[2].hero and heroes[1].hero != heroes[3].hero
    assert session.record.setup == {} and session.record.actions == []


def test_P1_9_single_draft_offers_three_untaken_heroes_seen_only_by_the_picking_seat():
    session = begin("single_draft", "red")
    offer = session.state.draft["offer"]
    assert len(offer) == 3 and session.decision.legal[0] == [["pick", h] for h in offer]
    told = of([e.to_data() for e in session.history[0]], "P1-9")[0]
    assert told["count"] == 3 and "heroes" not in told                     # the event keeps the secret
    assert session.view(0)["draft"]["offer"] == offer
    assert session.view(1)["draft"]["offer"] == 3 and session.view(None)["draft"]["offer"] == 3
    ruleset = session.ruleset
    assert ruleset.secrets(session.state, 0) == []
    assert ruleset.secrets(session.state, 1) == [{"secret": "offer", "seat": 0, "heroes": offer}]
    variant = ruleset.private_variant(session.state, 1, Rng(3))
    assert variant.draft["offer"] != offer and ruleset.view(variant, 1) == ruleset.view(session.state, 1)
    assert ruleset.private_variant(session.state, 0, Rng(3)) is None
    session.submit(0, ["pick", offer[1]])
    second = session.state.draft["offer"]
    assert offer[1] not in second and len(second) == 3                      # the others went back
    while session.state.phase == "draft":
        seat = session.decision.players[0]
        session.submit(seat, session.decision.legal[seat][0])
    assert session.view(1)["draft"]["offer"] is None


def test_P1_9_random_draft_picks_come_from_a_public_pool_one_larger_than_the_heroes():
    session = begin("random_draft", "red")
    pool = session.state.draft["pool"]
    assert len(pool) == 5 and session.view(3)["draft"]["pool"] == pool
    answers = pick_all(session)
    assert all(a[1] in pool for _, a in answers)
    assert set(pool) - set(session.state.draft["picks"]) and len(set(session.state.draft["picks"])) == 4


def test_P1_9_pick_and_ban_bans_first_from_the_coin_team_by_any_seat_and_removes_the_heroes():
    session = begin("pick_and_ban", "blue")
    decision = session.decision
    assert decision.prompt["draft"] == "ban" and decision.players == (1, 3) and decision.any_of
    ban = events(session, 3, ["ban", "isra"])
    assert of(ban, "P1-9")[0] | {"team": "blue", "hero": "isra"} == of(ban, "P1-9")[0]
    assert session.decision.players == (0, 2) and ["ban", "isra"] not in session.decision.legal[0]
    session.submit(0, ["ban", "brannoc"])
    assert session.view(None)["draft"]["bans"] == [{"team": "blue", "hero": "isra"}, {"team": "red", "hero": "brannoc"}]
    answers = pick_all(session)
    assert [seat for seat, _ in answers] == [1, 0, 3, 2]
    assert sorted(session.state.draft["picks"]) == ["gorm", "maren", "nim", "tova"]


@pytest.mark.parametrize("players, options, bans", [(4, {}, 1), (2, {}, 1), (2, {"two_player_heroes": 1}, 2),
                                                      (3, {"odd_count": "uneven"}, 1), (6, {}, 0)])
def test_P1_9_bans_per_team_leave_enough_heroes(players, options, bans):
    resolved = {"players": players, "two_player_heroes": 2, "odd_count": "extra_hero",
                "hero_selection": "pick_and_ban", **options}
    assert draft.bans_per_team(resolved, len(HEROES)) == bans


@pytest.mark.parametrize("selection", ["given", "all_random", *PICKING])
def test_P1_8_every_selection_replays_from_the_record_to_the_same_digest(selection):
    for seed in (1, 2):
        session = Session.start("initiative", seed=seed, options={"players": 2, "hero_selection": selection})
        session.run({0: RandomBot(), 1: SensibleBot()})
        replayed = Session.replay(session.record)
        assert replayed.digest() == session.digest() and session.outcome is not None
        assert [e.to_data() for e in replayed.events] == [e.to_data() for e in session.events]
        if selection != "given":
            assert session.record.setup == {} and session.state.draft["picks"] == [h.hero for h in session.state.heroes]


def test_P1_8_bad_selections_and_setups_are_refused_in_one_line():
    cases = [({"hero_selection": "captains_mode"}, None, BadOption, "hero_selection"),
             ({"hero_selection": "all_pick"}, {"heroes": ["isra"] * 4}, BadSetup, "setup must be {}"),
             ({"hero_selection": "single_draft"}, {"position": {"heroes": ["isra@8,4"]}}, BadSetup, "P1-8"),
             ({"hero_selection": "random_draft"}, {"": 1}, BadSetup, "setup must be {}")]
    for options, setup, error, words in cases:
        with pytest.raises(error) as raised:
            Session.start("initiative", seed=0, options=options, setup=setup)
        assert words in str(raised.value) and "\n" not in str(raised.value)
    assert Session.start("initiative", seed=0, options={"hero_selection": "given"}).record.setup["heroes"]


def test_the_sensible_bot_picks_a_team_mix_and_bans_the_enemy_s_best():
    session = begin("all_pick", "red")
    bot = SensibleBot()
    bot.strict = True
    session.submit(0, ["pick", "brannoc"])                                  # red has its melee hero
    session.submit(1, ["pick", "isra"])                                     # blue its ranged one
    assert session.bot_action(2, bot) == ["pick", "isra"]                   # red wants ranged next
    session.submit(2, ["pick", "tova"])
    assert session.bot_action(3, bot) == ["pick", "brannoc"]                # blue wants melee
    session = begin("pick_and_ban", "red")
    assert session.bot_action(0, bot)[1] in ("brannoc", "isra")             # deny the enemy its melee or ranged


@pytest.mark.parametrize("selection", ["all_random", *PICKING])
@pytest.mark.parametrize("check", conformance.CHECKS, ids=lambda check: check.__name__.removeprefix("check_"))
def test_conformance_with_each_selection(check, selection, monkeypatch):
    # the draft is what is under test: two rounds of play after it keep the suite's many games short
    defaults = {"hero_selection": selection, "round_limit": 2}
    options = tuple(replace(o, default=defaults[o.key]) if o.key in defaults else o for o in OPTIONS)
    monkeypatch.setattr(Initiative, "options", options)
    started = Session.start("initiative", seed=0)                           # the suite's games use the variant
    assert started.state.draft["variant"] == selection and started.record.setup == {}
    check(Initiative())
