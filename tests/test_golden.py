"""Golden records: each must replay to the digest stored beside it.

A failure means the engine's behaviour changed. That is only allowed with a ruleset version bump
(old records are then refused clearly); regenerate with tests/golden/make_golden.py on purpose.
"""

import json
from pathlib import Path

import pytest

from engine.core import Record, Session, decode_link, encode_link, get_ruleset

GOLDEN = json.loads(Path(__file__).with_name("golden").joinpath("records.json").read_text("utf-8"))


@pytest.mark.parametrize("case", GOLDEN, ids=[case["name"] for case in GOLDEN])
def test_golden_record_replays_to_its_digest(case):
    record = Record.from_data(case["record"])
    assert record.version == get_ruleset(record.ruleset).version, \
        "the ruleset's version changed: old golden records must be refused, and new ones generated"
    for events in (True, False):
        session = Session.replay(record, events=events)
        assert session.digest() == case["digest"]
        assert session.turns() == case["turns"]
        assert session.outcome.to_data() == case["outcome"]
    assert Session.replay(decode_link(encode_link(record))).digest() == case["digest"]


def test_golden_set_covers_wins_for_both_seats():
    winners = {case["outcome"]["winner"] for case in GOLDEN}
    assert {0, 1} <= winners
