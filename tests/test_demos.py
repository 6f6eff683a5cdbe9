"""Every demo is honest: replaying it emits an event citing its rule at the stated step, not before.

A step is an index into `Session.history`, walked as a viewer walks it (`Session.next_step`): a
recorded action when a decision waits, an automatic step otherwise.
"""

import pytest

import engine.rulesets
from engine.core import Session, decode_link, encode_link, is_stated

RULESETS = engine.rulesets.builtin()
DEMOS = [(ruleset, demo) for ruleset in RULESETS for demo in ruleset.demos().values()]


def frames(record, upto):
    """The events of steps 0..upto (0 = set-up) and the recorded actions left unplayed."""
    session = Session(record)
    actions = list(record.actions)
    steps = [session.history[0], *session.step_through(actions, steps=upto)]
    return [[e.to_data() for e in step] for step in steps], actions


@pytest.mark.parametrize("ruleset, demo", DEMOS, ids=[f"{r.id}:{d.rule}" for r, d in DEMOS])
def test_demo_cites_its_rule_at_its_step(ruleset, demo):
    record = decode_link(encode_link(demo.record))       # as the demo link carries it
    steps, unplayed = frames(record, demo.step)
    assert len(steps) > demo.step, f"the game ended or waits for a decision before step {demo.step}"
    assert not unplayed, f"{len(unplayed)} recorded action(s) are never reached by step {demo.step}"
    assert demo.rule in {event["rule"] for event in steps[demo.step]}
    if demo.step > 0:     # the link opens just before: the rule has not been shown yet
        assert demo.rule not in {event["rule"] for event in steps[demo.step - 1]}


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_every_stated_rule_has_a_demo(ruleset):
    stated = {rule for rule in ruleset.rule_ids() if is_stated(rule)}
    assert stated and stated <= set(ruleset.demos())
