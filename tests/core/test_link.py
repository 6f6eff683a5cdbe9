"""Share links: round trips, URLs, and every kind of bad link as the project's own error."""

import base64
import json
import zlib

import pytest
from hypothesis import given, settings, strategies as st

from engine.core import BadLink, Record, SkirmishError, decode_link, encode_link
from engine.core.link import MAX_JSON_BYTES, MAX_PAYLOAD_CHARS, PREFIX


def sample_record(**changes) -> Record:
    data = dict(ruleset="autobattle", version=1, options={"cells": 7}, seed=12,
                setup={"decks": [["a"], ["b"]]}, actions=[])
    data.update(changes)
    return Record(**data)


def nested(depth: int):
    """A list nested `depth` levels deep."""
    value = 1
    for _ in range(depth):
        value = [value]
    return value


def test_brackets_inside_strings_do_not_count_as_nesting():
    record = sample_record(setup={"note": "[[[[{{{{" * 100, "deep": nested(40)})
    assert decode_link(encode_link(record)).to_data() == record.to_data()


def pack(raw: bytes) -> str:
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return PREFIX + base64.urlsafe_b64encode(compressor.compress(raw) + compressor.flush()).decode().rstrip("=")


def test_round_trip_through_payload_and_urls():
    record = sample_record()
    payload = encode_link(record)
    assert payload.startswith(PREFIX)
    for text in (payload, f"https://example.org/a/b/#/autobattle/replay?g={payload}",
                 f"http://127.0.0.1:8000/#/autobattle/replay?turn=3&g={payload}", f"/x/?g={payload}"):
        assert decode_link(text).to_data() == record.to_data()


@pytest.mark.parametrize("text, message", [
    ("", "must start with"),
    ("S2.abcd", "must start with"),
    ("S1.", "not valid base64url"),
    ("S1.ab$cd", "not valid base64url"),
    ("S1.a", "not valid base64url"),
    ("S1." + "A" * (MAX_PAYLOAD_CHARS + 1), "too long"),
    ("https://x/#/autobattle/replay?turn=2", "no g= link payload"),
    ("#/autobattle/replay?turn=3", "no g= link payload"),
])
def test_bad_payloads(text, message):
    with pytest.raises(BadLink, match=message):
        decode_link(text)


def test_truncated_link_is_refused():
    payload = encode_link(sample_record())
    for cut in (len(payload) - 1, len(payload) // 2, len(PREFIX) + 2):
        with pytest.raises(BadLink):
            decode_link(payload[:cut])


def test_zip_bomb_is_refused_without_inflating_it_all():
    with pytest.raises(BadLink, match="expands past"):
        decode_link(pack(b"[" + b" " * (MAX_JSON_BYTES * 2) + b"]"))


@pytest.mark.parametrize("raw, message", [
    (b"\xff\xfe", "UTF-8"),
    (b"not json", "not valid JSON"),
    (b"[1,2]", "JSON object"),
    (json.dumps({"format": "other"}).encode(), "not a Skirmish record"),
    (json.dumps({**sample_record().to_data(), "seed": -1}).encode(), "seed"),
    (json.dumps({**sample_record().to_data(), "actions": [[0]]}).encode(), "pair"),
    (json.dumps({**sample_record().to_data(), "extra": 1}).encode(), "unknown field"),
    (b"[" * 100000 + b"]" * 100000, "nested deeper"),
    (json.dumps({**sample_record().to_data(), "setup": {"x": nested(70)}}).encode(), "nested deeper"),
])
def test_bad_contents_are_one_line_errors(raw, message):
    with pytest.raises(BadLink, match=message) as caught:
        decode_link(pack(raw))
    assert "\n" not in str(caught.value)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300),
                 st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
                         max_size=300).map(lambda body: PREFIX + body)))
def test_arbitrary_input_raises_only_our_error(text):
    try:
        decode_link(text)
    except SkirmishError as error:
        assert "\n" not in str(error)


@settings(max_examples=100, deadline=None)
# Whole numbers in a record are bounded by ±(2**63 - 1) (tests/test_hostile_input.py checks the refusal).
@given(seed=st.integers(0, 2**63 - 1), options=st.dictionaries(st.text(max_size=10), st.integers(-2**63 + 1, 2**63 - 1) | st.text(max_size=10) | st.booleans(), max_size=5),
       actions=st.lists(st.tuples(st.integers(0, 5), st.integers(-2**63 + 1, 2**63 - 1) | st.text(max_size=8)).map(list), max_size=10))
def test_records_round_trip_through_json_and_links(seed, options, actions):
    record = sample_record(seed=seed, options=options, actions=actions)
    assert Record.from_json(record.to_json()).to_data() == record.to_data()
    assert decode_link(encode_link(record)).to_data() == record.to_data()
