"""The conformance suite: every built-in ruleset must pass it (like PettingZoo's api_test).

A new ruleset gets all of this for free by being registered.
"""

import json

import pytest

from engine.core import (IllegalAction, Record, Session, all_rulesets, decode_link, encode_link,
                         make_bot)

RULESETS = [r for r in all_rulesets() if type(r).__module__.startswith("engine.rulesets.")]
SEEDS = range(12)


def play(ruleset, seed, events=True) -> Session:
    """A whole game with the random bot in every seat."""
    session = Session.start(ruleset.id, seed=seed, events=events)
    session.run({seat: make_bot(ruleset, "random") for seat in range(len(ruleset.seats))})
    return session


def step_first_legal(session: Session) -> None:
    """One step: the automatic one, or every deciding seat's first legal action."""
    decision = session.decision
    if decision is None:
        session.advance()
    else:
        for player in decision.players:
            session.submit(player, decision.legal[player][0])


def walk(value):
    """Every value nested inside a JSON value, the value itself included."""
    yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


@pytest.fixture(params=RULESETS, ids=lambda r: r.id)
def ruleset(request):
    return request.param


def test_metadata_is_declared(ruleset):
    assert ruleset.id and ruleset.title and ruleset.version >= 1 and ruleset.seats
    catalogue = ruleset.rule_ids()
    for option in ruleset.options:
        assert option.spec in catalogue, f"option {option.key} settles {option.spec}, missing from the catalogue"
        assert option.parse(option.default) == option.default


def test_every_gap_and_ambiguity_is_an_option_or_settled_with_a_reason(ruleset):
    settled = {option.spec for option in ruleset.options} | set(ruleset.settled_without_option)
    open_points = {rule for rule in ruleset.rule_ids() if rule.split("-")[0][0] in "GA"}
    assert open_points and open_points <= settled, sorted(open_points - settled)


def test_random_games_terminate_with_an_outcome(ruleset):
    for seed in SEEDS:
        session = play(ruleset, seed)
        assert session.outcome is not None
        assert session.turns() > 0
        assert session.outcome.rule in ruleset.rule_ids()


def test_same_seed_same_digest_and_seeds_differ(ruleset):
    digests = [play(ruleset, seed).digest() for seed in (1, 1, 2)]
    assert digests[0] == digests[1] != digests[2]


def test_events_do_not_change_the_game(ruleset):
    for seed in SEEDS:
        assert play(ruleset, seed, events=True).digest() == play(ruleset, seed, events=False).digest()


def test_record_round_trips_and_replays_to_the_same_digest(ruleset):
    for seed in SEEDS:
        session = play(ruleset, seed)
        record = Record.from_json(session.record.to_json())
        assert record.to_data() == session.record.to_data()
        via_link = decode_link(encode_link(record))
        assert via_link.to_data() == record.to_data()
        replayed = Session.replay(via_link)
        assert replayed.digest() == session.digest()
        assert [e.to_data() for e in replayed.events] == [e.to_data() for e in session.events]


def test_illegal_actions_are_refused_and_change_nothing(ruleset):
    session = Session.start(ruleset.id, seed=5)
    for _ in range(40):
        if session.outcome:
            break
        digest = session.digest()
        for player in range(len(ruleset.seats)):
            with pytest.raises(IllegalAction):
                session.submit(player, {"not": "an action"})
        assert session.digest() == digest
        step_first_legal(session)


def test_views_are_json_and_hide_secrets(ruleset):
    for seed in range(4):
        session = Session.start(ruleset.id, seed=seed)
        checked = 0
        while session.outcome is None and checked < 60:
            for player in [None, *range(len(ruleset.seats))]:
                view = session.view(player)
                assert json.loads(json.dumps(view)) == view
                seen = list(walk(view))
                for secret in ruleset.secrets(session.state, player):
                    assert secret not in seen, f"view of {player} shows a secret"
            step_first_legal(session)
            checked += 1


def test_every_cited_rule_is_in_the_catalogue(ruleset):
    catalogue = ruleset.rule_ids()
    cited = {event.rule for seed in SEEDS for event in play(ruleset, seed).events}
    assert cited and cited <= catalogue, sorted(cited - catalogue)


def test_the_final_view_shows_everything(ruleset):
    session = play(ruleset, 3)
    assert ruleset.secrets(session.state, 0) == []
