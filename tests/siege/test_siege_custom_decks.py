"""A siege setup that carries a player's own deck of starter cards (F2-7, F2-8): it plays, its record
replays from its link alone, `play --cards` builds the same setup from a file of decks, and a carried
deck that is not valid, not played, named like a starter deck or any table a card file has not is
refused in one line (BadSetup); new cards travel too (test_siege_content.py). Setups without `content` are untouched (tests/golden pins their digests)."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.core import BadSetup, Session, decode_link, encode_link, get_ruleset
from engine.core.bots import make_bot
from engine.core.tomlwrite import dump_tables
from engine.rulesets.siege.cards import builtin_content

RULESET = get_ruleset("siege")
STARTER = builtin_content()
NAME = {"en": "Ember Host", "ja": "エンバー軍", "ru": "Войско Эмбер"}
# Vanguard of the Pass with Hedge Witches instead of Field Medics: 54 starter cards, a Lv1 Main card.
CARDS = {**{c: n for c, n in STARTER.decks["vanguard"].cards.items() if c != "medic"}, "witch": 3}


def deck(cards=None, side="player", name=None) -> dict:
    return {"side": side, "name": dict(name or NAME), "cards": dict(CARDS if cards is None else cards)}


def carried(player="mine", automaton="horde", **decks) -> dict:
    return {"decks": [player, automaton], "content": {"decks": decks or {"mine": deck()}}}


def options() -> dict:
    return Session.start("siege", seed=1).record.options


def play(setup: dict, seed: int = 7) -> Session:
    session = Session.start("siege", seed=seed, setup=setup)
    session.run({0: make_bot(RULESET, "sensible")})
    return session


def test_a_carried_deck_is_played_and_its_link_replays_without_it():
    session = play(carried())
    assert session.outcome is not None
    record = session.record
    assert record.setup == carried()
    again = Session.replay(decode_link(encode_link(record)))
    assert again.digest() == session.digest()
    # the deck really is the carried one: its 54 cards, Hedge Witches and no Field Medic
    start = Session.start("siege", seed=7, setup=carried())
    cards = [card.defn.id for card in start.state.sides[0].deck]
    assert len(cards) == 54 and cards.count("witch") == 3 and "medic" not in cards


def test_play_cards_builds_the_same_setup_from_a_file_of_decks(tmp_path):
    path = tmp_path / "decks.toml"
    path.write_text(dump_tables({"decks": {"mine": deck(), "spare": deck(name={"en": "b", "ja": "b", "ru": "b"})}}),
                    "utf-8")
    built = RULESET.build_setup(options(), 3, {0: ["mine"]}, path)
    assert built == carried()                  # only the deck played travels
    assert RULESET.build_setup(options(), 3, {0: ["arcane"]}, path) == {"decks": ["arcane", "horde"]}


@pytest.mark.parametrize("setup, complaint", [
    (carried(mine=deck(cards={**CARDS, "medic": 3, "nameless_spear": 3, "bearer": 1})), "this one has 61"),
    (carried(mine=deck(cards={**{c: n for c, n in CARDS.items() if not c.endswith("_1")}, "medic": 3, "bearer": 3,
                              "matron": 3, "nameless_spear": 3})), "Lv1 Main card"),
    (carried(mine=deck(cards={**CARDS, "ember_1": 4})), "copies must be a whole number from 1 to 3"),
    (carried(mine=deck(cards={**CARDS, "no_such_card": 1})), "unknown card"),
    (carried(mine=deck(side="automaton")), "unknown player deck 'mine'"),
    (carried(player="vanguard", vanguard=deck()), "is a starter deck"),
    (carried(mine=deck(), other=deck()), "the setup does not play"),
    ({"decks": ["mine", "horde"], "content": {"decks": {"mine": deck()}, "heroes": {}}}, "some of the tables"),
    ({"decks": ["mine", "horde"], "content": []}, "some of the tables"),
    ({"decks": ["mine", "horde"]}, "unknown player deck 'mine'"),
])
def test_a_bad_carried_deck_is_refused_in_one_line(setup, complaint):
    with pytest.raises(BadSetup, match=complaint.replace("{", "\\{").replace("(", "\\(")) as error:
        RULESET.check_setup(setup, options())
    assert "\n" not in str(error.value) and str(error.value).isprintable()


def test_a_carried_deck_plays_the_same_in_any_order_of_its_cards():
    reordered = carried(mine=deck(cards=dict(reversed(list(CARDS.items())))))
    assert list(reordered["content"]["decks"]["mine"]["cards"]) != list(CARDS)
    assert play(reordered).digest() == play(carried()).digest()


def test_setups_without_content_are_unchanged():
    assert RULESET.check_setup({"decks": ["vanguard", "horde"]}, options()) == {"decks": ["vanguard", "horde"]}
    same = Session.start("siege", seed=5, setup={"decks": ["vanguard", "horde"]})
    assert "content" not in same.record.setup


JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-5, 70) | st.text(max_size=12),
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
                       max_leaves=20)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(JSONISH, st.fixed_dictionaries({"decks": st.dictionaries(st.sampled_from(["mine", "horde", "x"]),
                                                                        JSONISH, max_size=3)})))
def test_any_carried_content_is_accepted_or_refused_as_bad_setup(content):
    try:
        normal = RULESET.check_setup({"decks": ["mine", "horde"], "content": content}, options())
    except BadSetup as error:
        assert str(error).isprintable()
        return
    assert normal["content"] == content
