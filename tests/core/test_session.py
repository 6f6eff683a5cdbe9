"""The session over a test ruleset with every decision shape: simultaneous, single, automatic."""

import pytest

from engine.core import (BadRecord, IllegalAction, RandomBot, Record, Session, decode_link,
                         encode_link)

from . import toy  # noqa: F401  (registers the test ruleset)


def start():
    return Session.start("test-pennies", seed=3)


def test_automatic_step_then_simultaneous_decision():
    session = start()
    assert session.decision is None
    events = session.advance()
    assert [(e.kind, e.rule) for e in events] == [("deal", "T-1")]
    decision = session.decision
    assert decision.players == (0, 1) and decision.simultaneous


def test_first_submission_stays_hidden_until_both_have_chosen():
    session = start()
    session.advance()
    before = session.view(1)
    assert session.submit(0, 1) == []
    assert session.view(1) == before              # seat 1 learns nothing of seat 0's choice
    assert session.pending == {0: 1}
    events = session.submit(1, 0)
    assert [(e.kind, e.rule, e.data["winner"]) for e in events] == [("reveal", "T-2", 1)]
    assert session.decision.players == (1,)


def test_a_link_made_mid_choice_carries_no_card_chosen_face_down():
    session = start()
    session.advance()
    session.submit(0, 1)
    shared = session.shareable_record()
    assert shared.actions == [] and session.record.actions == [[0, 1]]    # held, not shared
    replayed = Session.replay(decode_link(encode_link(shared)), finish=False)
    replayed.advance()
    assert replayed.pending == {} and replayed.decision.players == (0, 1)    # both still to choose
    session.submit(1, 0)
    assert session.shareable_record() is session.record                    # revealed: all of it


def test_illegal_actions_are_refused_and_change_nothing():
    session = start()
    with pytest.raises(IllegalAction, match="automatic"):
        session.submit(0, 1)
    session.advance()
    digest, actions = session.digest(), list(session.record.actions)
    with pytest.raises(IllegalAction, match="not a legal action"):
        session.submit(0, 7)
    session.submit(0, 1)
    with pytest.raises(IllegalAction, match="already chosen"):
        session.submit(0, 0)
    with pytest.raises(IllegalAction, match="no decision"):
        session.submit(5, 0)
    assert session.digest() == digest
    assert session.record.actions == actions + [[0, 1]]


def test_views_hide_the_other_seats_bonus_until_the_end():
    session = start()
    session.advance()
    assert session.view(0)["bonus"][1] is None and session.view(0)["bonus"][0] is not None
    assert session.view(None)["bonus"] == [None, None]


def test_undo_replays_the_record_without_its_last_action():
    session = start()
    session.advance()
    session.submit(0, 1)
    session.submit(1, 1)
    after_pick = session.digest()
    session.submit(0, "double")
    session.undo()
    assert session.digest() == after_pick
    assert session.record.actions == [[0, 1], [1, 1]]
    assert session.decision.players == (0,)


def test_undo_with_nothing_recorded_is_refused():
    with pytest.raises(IllegalAction):
        start().undo()


def test_record_replays_to_the_same_digest_and_through_a_link():
    session = start()
    session.run({0: RandomBot(), 1: RandomBot()})
    assert session.outcome is not None
    replayed = Session.replay(decode_link(encode_link(Record.from_json(session.record.to_json()))))
    assert replayed.digest() == session.digest()
    assert [e.to_data() for e in replayed.events] == [e.to_data() for e in session.events]


def test_record_with_an_illegal_action_is_refused():
    record = start().record
    record.actions = [[0, 1], [1, 9]]
    with pytest.raises(BadRecord, match="action 2 is illegal"):
        Session.replay(record)


def test_record_with_actions_after_the_end_is_refused():
    session = start()
    session.run({0: RandomBot(), 1: RandomBot()})
    record = session.record
    record.actions = record.actions + [[0, 1]]
    with pytest.raises(BadRecord, match="after the game ended"):
        Session.replay(record)


def test_record_of_another_version_is_refused_clearly():
    record = start().record
    record.version = 2
    with pytest.raises(BadRecord, match="version 2.*plays version 1"):
        Session.replay(record)


def test_run_stops_at_a_seat_without_a_bot():
    session = start()
    session.run({0: RandomBot()})
    assert session.outcome is None and session.decision is not None


def test_an_event_citing_a_rule_outside_the_catalogue_is_refused():
    from engine.core import EventLog
    log = EventLog(True, {"T-1"})
    log.emit("deal", "T-1")
    with pytest.raises(ValueError, match="not in the rule catalogue"):
        log.emit("deal", "T-9")
    assert [e.rule for e in log.take()] == ["T-1"]


# --- stepping through a record (demo links and viewers) -------------------------------------------

def played_record():
    session = start()
    session.run({0: RandomBot(), 1: RandomBot()})
    return session


def test_step_through_walks_history_one_step_per_advance_or_resolved_decision():
    game = played_record()
    walker = Session(game.record)
    queue = list(game.record.actions)
    steps = walker.step_through(queue)
    assert queue == [] and walker.outcome == game.outcome
    assert [[e.to_data() for e in step] for step in [walker.history[0], *steps]] == \
        [[e.to_data() for e in step] for step in game.history]
    assert len(game.history) == 1 + 3 * 3       # per round: the deal, the picks (both: one step), the claim
    assert walker.record.actions == game.record.actions


def test_next_step_submits_both_halves_of_a_simultaneous_decision_as_one_step():
    walker = Session(start().record)
    queue = [[0, 1], [1, 0], [1, "bank"]]
    assert [e.kind for e in walker.next_step(queue)] == ["deal"]          # automatic
    assert [e.kind for e in walker.next_step(queue)] == ["reveal"]        # two submits, one step
    assert queue == [[1, "bank"]] and len(walker.history) == 3


def test_next_step_stops_at_a_decision_with_no_action_left_and_at_the_end():
    walker = Session(start().record)
    assert walker.step_through([], steps=5) and walker.decision is not None   # the deal, then it waits
    assert walker.next_step([]) is None and len(walker.history) == 2
    game = played_record()
    walker = Session(game.record)
    walker.step_through(list(game.record.actions))
    assert walker.outcome is not None and walker.next_step([[0, 1]]) is None


def test_step_through_takes_at_most_the_steps_asked():
    game = played_record()
    walker = Session(game.record)
    assert len(walker.step_through(list(game.record.actions), steps=4)) == 4
    assert len(walker.history) == 5


def test_next_step_refuses_an_illegal_recorded_action():
    walker = Session(start().record)
    walker.next_step([])
    with pytest.raises(BadRecord, match="is illegal"):
        walker.next_step([[0, 9]])


def test_a_record_ending_halfway_through_a_simultaneous_decision_replays_to_that_point():
    session = start()
    session.advance()
    session.submit(0, 1)
    replayed = Session.replay(session.record, finish=False)
    assert replayed.pending == {0: 1} and replayed.decision.players == (0, 1)
    assert replayed.digest() == session.digest()


# --- the widened contract: seats, decisions, bots, undo to a step ------------------------------

def test_seats_come_from_the_ruleset_with_names_and_teams():
    session = start()
    assert [(seat.name, seat.team) for seat in session.seats] == [("even", "even"), ("odd", "odd")]
    assert session.teams() == {"even": (0,), "odd": (1,)}


def test_a_decision_says_what_it_asks():
    session = start()
    session.advance()
    assert session.decision.kind == "choose_card" and session.decision.simultaneous
    session.submit(0, 1)
    session.submit(1, 1)
    assert session.decision.kind == "choose_action" and not session.decision.simultaneous


def test_an_unknown_decision_kind_is_a_bug_caught_at_once():
    from engine.core import Decision
    with pytest.raises(ValueError, match="unknown decision kind"):
        Decision((0,), {0: [1]}, "guess")


def test_the_decision_is_asked_of_the_ruleset_once_per_step():
    from engine.core import get_ruleset
    ruleset, asked = get_ruleset("test-pennies"), []
    original = type(ruleset).decision

    def counting(self, state):
        asked.append(state.phase)
        return original(self, state)

    type(ruleset).decision = counting
    try:
        session = start()
        session.advance()
        asked.clear()
        for _ in range(5):
            assert session.decision.players == (0, 1)
        session.submit(0, 1)
        assert len(asked) == 1          # five looks and a submission: one question
        session.submit(1, 0)
        session.decision
        assert len(asked) == 2          # a new step: asked again
    finally:
        type(ruleset).decision = original


def test_illegal_action_that_is_not_json_data_is_refused_in_one_line():
    session = start()
    session.advance()
    for action in (float("nan"), float("inf"), object()):
        with pytest.raises(IllegalAction, match="not plain JSON data"):
            session.submit(0, action)
    assert session.record.actions == []


def test_a_ruleset_may_say_which_rule_an_illegal_action_breaks():
    from engine.core import get_ruleset
    ruleset = get_ruleset("test-pennies")
    original = type(ruleset).illegal_reason
    type(ruleset).illegal_reason = lambda self, state, decision, player, action, key: \
        None if action in (0, 1) else "pick 0 or 1 (T-2)"
    try:
        session = start()
        session.advance()
        with pytest.raises(IllegalAction, match=r"^pick 0 or 1 \(T-2\)$"):
            session.submit(0, 5)
    finally:
        type(ruleset).illegal_reason = original


def test_bots_choose_the_same_in_the_same_position_however_it_was_reached():
    whole = start()
    whole.run({0: RandomBot(), 1: RandomBot()})
    stepwise = start()
    while stepwise.outcome is None:       # one bot move per call, as the UI plays them
        if stepwise.decision is None:
            stepwise.advance()
            continue
        seat = stepwise.waiting()[0]
        stepwise.submit(seat, stepwise.bot_action(seat, RandomBot()))
    assert stepwise.record.actions == whole.record.actions
    again = start()
    again.run({0: RandomBot(), 1: RandomBot()})
    again.undo(to=3)
    again.run({0: RandomBot(), 1: RandomBot()})
    assert again.record.actions == whole.record.actions and again.digest() == whole.digest()


def test_bot_streams_differ_by_seat_and_by_step():
    from engine.core import bot_rng
    draws = {(seat, step): bot_rng(5, seat, step).next32() for seat in range(4) for step in range(50)}
    assert len(set(draws.values())) == len(draws)
    assert bot_rng(5, 1, 7).next32() == bot_rng(5, 1, 7).next32()


def test_undo_to_a_step_replays_once_and_lands_on_that_step():
    session = start()
    session.run({0: RandomBot(), 1: RandomBot()})
    created = []
    original = Session.__init__

    def counting(self, *args, **kwargs):
        created.append(1)
        original(self, *args, **kwargs)

    Session.__init__ = counting
    try:
        session.undo(to=2)
    finally:
        Session.__init__ = original
    assert len(created) == 1 and len(session.history) == 3     # set-up, deal, the picks resolved
    assert len(session.record.actions) == 2 and session.decision.kind == "choose_action"
    session.undo(to=1)
    assert len(session.history) == 2 and session.decision.players == (0, 1) and session.record.actions == []
    with pytest.raises(IllegalAction, match="no step 9"):
        session.undo(to=9)


def test_last_decision_of_a_seat_takes_back_the_bot_replies_after_it():
    session = start()
    session.advance()
    session.submit(0, 0)
    session.submit(1, 1)          # step 2: odd sum, seat 1 takes the round and claims
    session.submit(1, "bank")     # step 3: the next deal is automatic
    session.advance()
    for seat in (0, 1):           # the bots pick for round 2
        session.submit(seat, session.bot_action(seat, RandomBot()))
    assert session.last_decision_of([1]) == 4      # its pick for round 2, at the position after step 4
    session.undo(to=4)
    assert len(session.history) == 5 and session.record.actions == [[0, 0], [1, 1], [1, "bank"]]
    assert session.decision.players == (0, 1) and session.pending == {}
    assert session.last_decision_of([1]) == 2      # its claim, at the position after the picks resolved
    assert session.last_decision_of([3]) is None


def test_a_seat_count_outside_the_declared_bounds_is_refused():
    from engine.core import BadSetup, Capabilities, get_ruleset
    ruleset = get_ruleset("test-pennies")
    original = type(ruleset).capabilities
    type(ruleset).capabilities = Capabilities(min_seats=3, max_seats=4)
    try:
        with pytest.raises(BadSetup, match="played by 3 to 4 seats; this setup has 2"):
            start()
    finally:
        type(ruleset).capabilities = original
