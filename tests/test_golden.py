"""Golden records: each must replay to the digest stored beside it.

`tests/golden/RULESET.json` holds records of the ruleset's current version. A failure means the
engine's behaviour changed: that is only allowed with a version bump. The old file then becomes
`RULESET-vN.json`, whose records must be refused with a message naming the version (never replayed
differently in silence), and tests/golden/make_golden.py writes the new one on purpose.
"""

import json
from pathlib import Path

import pytest

from engine.core import BadRecord, Record, Session, decode_link, encode_link, get_ruleset

FOLDER = Path(__file__).with_name("golden")


def cases(pattern: str) -> list[dict]:
    """Every case in the golden files matching `pattern`, each tagged with its file name."""
    found = []
    for path in sorted(FOLDER.glob(pattern)):
        for case in json.loads(path.read_text("utf-8")):
            found.append({**case, "file": path.stem})
    return found


CURRENT = [case for case in cases("*.json") if "-v" not in case["file"]]
OLD = cases("*-v*.json")


@pytest.mark.parametrize("case", CURRENT, ids=[f"{c['file']}: {c['name']}" for c in CURRENT])
def test_golden_record_replays_to_its_digest(case):
    record = Record.from_data(case["record"])
    assert record.version == get_ruleset(record.ruleset).version, \
        "the ruleset's version changed: move the old golden file to RULESET-vN.json and generate a new one"
    for events in (True, False):
        session = Session.replay(record, events=events)
        assert session.digest() == case["digest"]
        assert session.turns() == case["turns"]
        assert session.outcome.to_data() == case["outcome"]
    assert Session.replay(decode_link(encode_link(record))).digest() == case["digest"]


@pytest.mark.parametrize("case", OLD, ids=[f"{c['file']}: {c['name']}" for c in OLD])
def test_records_of_an_older_version_are_refused_clearly(case):
    record = Record.from_data(case["record"])
    assert record.version < get_ruleset(record.ruleset).version
    with pytest.raises(BadRecord, match=f"version {record.version}.*refuses"):
        Session.replay(record)


def test_golden_set_covers_wins_for_both_seats():
    """Both seats win somewhere; in a solo ruleset, the player's seat and the automaton."""
    for ruleset in {case["record"]["ruleset"] for case in CURRENT}:
        mine = [case for case in CURRENT if case["record"]["ruleset"] == ruleset]
        winners = {seat for case in mine for seat in case["outcome"]["winners"]}
        if get_ruleset(ruleset).capabilities.automaton:
            assert 0 in winners and any(case["outcome"]["automaton"] for case in mine), ruleset
        else:
            assert {0, 1} <= winners, ruleset
