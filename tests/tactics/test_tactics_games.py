"""Whole tactics games through engine.core.Session: they end, replay exactly, and survive a link."""

import json

import pytest

from engine.core import BadRecord, Bot, IllegalAction, Record, Session, decode_link, encode_link, make_bot

GAMES = 50


class StayingRandom(Bot):
    """The random bot minus abandoning and ties by agreement (G0-14), so games run to a real end (the
    core random bot often abandons, and accepts half the ties proposed)."""

    name = "staying"

    def choose(self, view, legal, rng):
        """A uniformly random legal action other than abandoning, proposing or accepting a tie."""
        return rng.choice([a for a in legal if a[0] not in ("abandon", "propose_tie", "accept_tie")] or legal)


# Random play that never abandons, in a same-element match-up under the default G0-8 reading (absorb:
# such a hit heals), heals about as often as it harms; since the cycle cap no longer ties while either
# side can still harm (P0-1), a few such games run for thousands of cycles. The staying bot's games
# therefore use the 'net' reading, where every hit of 2 or more still hurts.
STAYING_OPTIONS = {"same_element": "net"}


def play(ruleset, seed, bot="random", events=True) -> Session:
    options = STAYING_OPTIONS if bot == "staying" else {}
    session = Session.start("tactics", seed=seed, events=events, options=options)
    bots = {seat: (StayingRandom() if bot == "staying" else make_bot(ruleset, bot)) for seat in (0, 1)}
    session.run(bots)
    return session


@pytest.mark.parametrize("bot", ["random", "staying"])
def test_S0_R37_S0_R38_S0_R39_random_games_end_with_a_cited_outcome(registered, bot):
    catalogue = registered.rule_ids()
    rules = set()
    for seed in range(GAMES):
        session = play(registered, seed, bot)
        assert session.outcome is not None and session.outcome.rule in catalogue
        rules.add(session.outcome.rule)
        assert {event.rule for event in session.events} <= catalogue
    assert ("S0-R38" in rules) if bot == "random" else ("S0-R37" in rules)


@pytest.mark.parametrize("bot", ["random", "staying"])
def test_same_seed_same_digest_and_replays_through_a_link(registered, bot):
    digests = set()
    for seed in range(0, GAMES, 5):
        session = play(registered, seed, bot)
        assert play(registered, seed, bot).digest() == session.digest()
        assert play(registered, seed, bot, events=False).digest() == session.digest()
        record = decode_link(encode_link(Record.from_json(session.record.to_json())))
        replayed = Session.replay(record)
        assert replayed.digest() == session.digest()
        assert [e.to_data() for e in replayed.events] == [e.to_data() for e in session.events]
        digests.add(session.digest())
    assert len(digests) > 1


def test_views_are_json_and_illegal_actions_change_nothing(registered):
    session = Session.start("tactics", seed=4)
    bot = StayingRandom()
    from engine.core import Rng
    rng = Rng(4, 7)
    for _ in range(80):
        if session.outcome:
            break
        view = session.view(None)
        assert json.loads(json.dumps(view)) == view
        digest = session.digest()
        decision = session.decision
        if decision is None:
            session.advance()
            continue
        seat = decision.players[0]
        for bad in (["move", 9, 9], ["skill", "nope", [], 0], ["deploy", 999, 0, 0], {"not": "an action"}):
            with pytest.raises(IllegalAction):
                session.submit(seat, bad)
        with pytest.raises(IllegalAction):
            session.submit(1 - seat, ["abandon"])                  # not this seat's decision
        assert session.digest() == digest
        session.submit(seat, bot.choose(session.view(seat), decision.legal[seat], rng))


def test_undo_takes_back_the_last_action(registered):
    session = Session.start("tactics", seed=2)
    first = session.decision.legal[session.decision.players[0]][0]
    before = session.digest()
    session.submit(session.decision.players[0], first)
    session.undo()
    assert session.digest() == before


def test_every_option_default_is_its_own_parse(registered):
    for option in registered.options:
        assert option.parse(option.default) == option.default
        assert option.spec in registered.rule_ids()
    open_points = {r for r in registered.rule_ids() if r[0] in "GA"}
    settled = {o.spec for o in registered.options} | set(registered.settled_without_option)
    assert open_points <= settled, sorted(open_points - settled)


def test_options_other_than_the_defaults_still_play_to_an_end(registered):
    options = {"rows": 4, "cols": 3, "range_metric": "rows_and_columns", "melee_front": False,
               "class_placement": "unrestricted", "move_allowance": "one_row", "start_ap": 0,
               "soulwell_spend": "shortfall", "element_loop": "four", "same_element": "heal_after",
               "unique_limit": "once_per_cycle", "army_members": 3, "interleave": "global_speed",
               "kill_reward": "killer", "kill_reward_transfer": False, "both_kings": "acting_side_wins",
               "cycle_point": "receiver", "first_tiebreak": "seat0", "row_rule": "front_only",
               "invoked_ap": "never", "react_timing": "after_damage", "cycle_cap": 30,
               "face_down_turn": "no_turn", "offensive_react": "any_act", "chain_skills": True,
               "ally_range": "any", "king_advances": False, "react_choice": "auto", "tie_by_agreement": False}
    assert set(options) == {option.key for option in registered.options} - {"stall_cycles", "tie_when_harmless"}
    for seed in range(10):
        session = Session.start("tactics", seed=seed, options=options)
        session.run({0: StayingRandom(), 1: StayingRandom()})
        assert session.outcome is not None
        record = Record.from_json(session.record.to_json())
        if len(record.actions) <= registered.max_actions:
            assert Session.replay(record).digest() == session.digest()
        else:   # seed 6 heals as often as it harms for 11,000 cycles: too long to share (P0-10), never cut short (P0-1)
            with pytest.raises(BadRecord, match="a tactics record may hold at most"):
                Session.replay(record)


def test_a_position_setup_opens_mid_battle_and_replays(registered):
    """A described position (the setup rule demos and teaching links use) plays on and replays exactly."""
    position = {"a": ["cinder_king@1,0", "ashfang_raider@0,0 ap=2"],
                "b": ["gale_queen@1,1 hp=3", "squall_blade@0,2"], "first": 0, "cycle": 2, "soulwell": [0, 1]}
    session = Session.start("tactics", seed=1, setup={"position": position})
    view = session.view(None)
    assert view["cycle"] == 2 and view["pending"] == {"kind": "turn", "seat": 0, "uid": 1}   # seat 0 first: its raider (7)
    session.run({0: make_bot(registered, "sensible"), 1: make_bot(registered, "sensible")})
    assert session.outcome is not None
    assert Session.replay(decode_link(encode_link(session.record))).digest() == session.digest()


@pytest.mark.parametrize("position, message", [
    ({"a": ["cinder_king@1,0"], "b": ["gale_queen@0,0"]}, "empty row"),
    ({"a": ["cinder_king@0,0", "kiln_warden@0,0"], "b": ["gale_queen@0,0"]}, "two characters in one cell"),
    ({"a": ["kiln_warden@0,0"], "b": ["gale_queen@0,0"]}, "exactly one King"),
    ({"a": ["cinder_king@0,9"], "b": ["gale_queen@0,0"]}, "outside"),
    ({"a": ["nobody@0,0"], "b": ["gale_queen@0,0"]}, "unknown character"),
    ({"a": ["cinder_king@0,0 hp=x"], "b": ["gale_queen@0,0"]}, "whole number"),
    ({"a": ["cinder_king@0,0 colour=3"], "b": ["gale_queen@0,0"]}, "unknown or out-of-range"),
    ({"a": ["cinder_king@0,0"], "b": ["gale_queen@0,0"], "first": 2}, "'first'"),
])
def test_bad_positions_are_refused_with_a_message(registered, position, message):
    from engine.core import BadSetup
    with pytest.raises(BadSetup, match=message):
        Session.start("tactics", seed=1, setup={"position": position})


@pytest.mark.parametrize("setup, message", [
    ({"armies": ["ember_host"]}, "two armies"),
    ({"armies": ["ember_host", "nope"]}, "unknown army"),
    ({"armies": ["ember_host", {"king": "kiln_warden", "members": []}]}, "King"),
    ({"armies": ["ember_host", {"king": "gale_queen", "members": ["squall_blade"]}]}, "exactly 5"),
    ({"armies": ["ember_host", {"king": "gale_queen", "members": ["squall_blade"] * 5}]}, "differ"),
    ({"armies": ["ember_host", {"king": "gale_queen", "members": ["whirlwisp", "squall_blade", "cloudpiercer",
                                                                 "galeward_sentinel", "stormloom_weaver"]}]}, "summoned"),
    ({"decks": []}, "'armies'"),
])
def test_S0_R7_G0_13_bad_army_setups_are_refused(registered, setup, message):
    from engine.core import BadSetup
    with pytest.raises(BadSetup, match=message):
        Session.start("tactics", seed=1, setup=setup)


def test_G0_13_a_custom_army_plays(registered):
    army = {"king": "gale_queen", "members": ["squall_blade", "cloudpiercer", "galeward_sentinel",
                                              "stormloom_weaver", "dawnbreeze_mender"]}
    session = Session.start("tactics", seed=3, setup={"armies": [army, "ember_host"]})
    assert [c["id"] for c in session.view(None)["sides"][0]["chars"]][0] == "gale_queen"
    session.run({0: StayingRandom(), 1: StayingRandom()})
    assert session.outcome is not None
