"""Property tests over seeds, options and decks: every combination plays to an end, the same way twice."""

from hypothesis import given, settings, strategies as st

from engine.core import Record, Session, decode_link, encode_link, get_ruleset
from engine.rulesets.autobattle.cards import builtin_content

AUTOBATTLE = get_ruleset("autobattle")
SQUADS = sorted(builtin_content().squads)


def option_values(option):
    """A strategy for every value an option accepts."""
    if option.choices:
        return st.sampled_from(option.choices)
    if isinstance(option.default, bool):
        return st.booleans()
    numbers = st.integers(option.minimum, min(option.maximum, 60))
    return st.one_of(numbers, st.sampled_from(option.also)) if option.also else numbers


OPTIONS = st.fixed_dictionaries({}, optional={o.key: option_values(o) for o in AUTOBATTLE.options})
DECK = st.lists(st.sampled_from(SQUADS), min_size=1, max_size=3, unique=True)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), options=OPTIONS, decks=st.tuples(DECK, DECK))
def test_same_inputs_same_digest_with_or_without_events(seed, options, decks):
    setup = {"decks": [list(decks[0]), list(decks[1])]}
    first = Session.start("autobattle", seed=seed, options=options, setup=setup, events=True)
    first.run()
    second = Session.start("autobattle", seed=seed, options=options, setup=setup, events=False)
    second.run()
    assert first.outcome is not None
    assert first.digest() == second.digest()
    assert first.outcome == second.outcome
    cited = {event.rule for event in first.events}
    assert cited <= AUTOBATTLE.rule_ids()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), options=OPTIONS)
def test_records_replay_through_links(seed, options):
    session = Session.start("autobattle", seed=seed, options=options)
    session.run()
    record = decode_link(encode_link(Record.from_json(session.record.to_json())))
    assert Session.replay(record, events=False).digest() == session.digest()
