"""A user's character file playable: the characters and armies a game uses from it travel inside the
record's setup, validated on load like the shipped file, so the record replays without the file."""

import json
from pathlib import Path

import pytest

from engine.core import BadSetup, Record, Session, decode_link, encode_link, get_ruleset, make_bot
from engine.core.options import resolve_options
from engine.rulesets.tactics.ruleset import MAX_SETUP_CHARACTERS, Tactics

USER_FILE = Path(__file__).with_name("user_characters.toml")


@pytest.fixture
def tactics():
    """A Tactics of its own (shipped content), so no cache is shared with other tests."""
    return Tactics()


def built(tactics, decks, seed=5):
    options = resolve_options(tactics.options, {})
    return options, tactics.build_setup(options, seed, decks, USER_FILE)


def test_the_setup_carries_only_what_the_game_uses_from_the_file(tactics):
    _, setup = built(tactics, {0: ["drum_host"], 1: ["ember_host"]})
    assert setup["armies"] == ["drum_host", "ember_host"]
    # the user's army and hero, and the summoned character the hero invokes; no starter character
    assert sorted(setup["content"]["characters"]) == ["ash_drummer", "drum_spark"]
    assert list(setup["content"]["armies"]) == ["drum_host"]


def test_a_starter_army_game_carries_no_content(tactics):
    _, setup = built(tactics, {0: ["ember_host"], 1: ["court_of_gales"]})
    assert "content" not in setup


def test_a_built_army_with_a_user_character_carries_it(tactics):
    _, setup = built(tactics, {0: ["cinder_king", "ash_drummer", "kiln_warden", "ashfang_raider",
                                   "sootfeather_archer", "crucible_sage"], 1: ["ember_host"]})
    assert sorted(setup["content"]["characters"]) == ["ash_drummer", "drum_spark"]
    assert setup["content"]["armies"] == {}


def test_a_game_with_user_characters_replays_from_its_link_anywhere(tactics):
    options, setup = built(tactics, {0: ["drum_host"], 1: ["ember_host"]})
    session = Session.start("tactics", seed=5, options=options, setup=setup)
    bots = {seat: make_bot(get_ruleset("tactics"), "sensible") for seat in (0, 1)}
    session.run(bots)
    assert session.outcome is not None
    names = {c["id"] for side in session.view(None)["sides"] for c in side["chars"]}
    assert "ash_drummer" in names
    record = decode_link(encode_link(session.record))
    again = Session.replay(record)
    assert again.digest() == session.digest()


def test_bad_content_in_a_record_is_a_one_line_bad_setup(tactics):
    options, setup = built(tactics, {0: ["drum_host"], 1: ["ember_host"]})
    bad = json.loads(json.dumps(setup))
    bad["content"]["characters"]["ash_drummer"]["health"] = 999
    with pytest.raises(BadSetup, match=r"^bad character data in the setup: .*ash_drummer.*health"):
        tactics.check_setup(bad, options)
    bad = json.loads(json.dumps(setup))
    bad["content"]["characters"]["drum_spark"]["summoned"] = False     # the invoke now dangles
    with pytest.raises(BadSetup, match="invoke|summoned"):
        tactics.check_setup(bad, options)
    bad = json.loads(json.dumps(setup))
    del bad["content"]["characters"]["ash_drummer"]                     # the army's member is gone
    with pytest.raises(BadSetup, match="ash_drummer"):
        tactics.check_setup(bad, options)
    with pytest.raises(BadSetup, match="'content' must be an object"):
        tactics.check_setup({**setup, "content": ["x"]}, options)
    many = {f"c{i}": setup["content"]["characters"]["ash_drummer"] for i in range(MAX_SETUP_CHARACTERS + 1)}
    with pytest.raises(BadSetup, match=f"at most {MAX_SETUP_CHARACTERS} characters"):
        tactics.check_setup({**setup, "content": {"characters": many, "armies": {}}}, options)


def test_a_record_with_bad_content_is_refused_in_one_line_by_the_session():
    tactics = Tactics()
    options, setup = built(tactics, {0: ["drum_host"], 1: ["ember_host"]})
    setup = json.loads(json.dumps(setup))
    setup["content"]["characters"]["ash_drummer"]["act_skills"][0]["effects"][0]["amount"] = 60
    record = Record("tactics", tactics.version, options, 5, setup, [])
    with pytest.raises(BadSetup) as caught:
        Session.replay(decode_link(encode_link(record)))
    assert "\n" not in str(caught.value) and "effects[0].amount" in str(caught.value)
