"""The starter content meets the issue's bar, and every card reads in English, Japanese and Russian."""

from collections import Counter

import pytest

from engine.core import Session
from engine.rulesets.autobattle.cards import (ELEMENTS, LANGUAGES, TYPES, builtin_content,
                                              content_from_data)
from engine.rulesets.autobattle.texts import card_lines, placeholders, texts

CONTENT = builtin_content()


def test_at_least_80_cards_and_two_squads_per_element():
    assert len(CONTENT.cards) >= 80
    per_element = Counter(squad.element for squad in CONTENT.squads.values())
    assert all(per_element[element] >= 2 for element in ELEMENTS), per_element


def test_every_squad_is_a_hero_and_seven_cards():
    for squad in CONTENT.squads.values():
        assert CONTENT.cards[squad.hero].type == "hero"
        assert len(squad.cards) == 7 and all(CONTENT.cards[c].type != "hero" for c in squad.cards)


def test_every_card_type_present_in_every_element():
    present = {(card.element, card.type) for card in CONTENT.cards.values()}
    assert {(element, kind) for element in ELEMENTS for kind in TYPES} <= present


def test_at_least_20_distinct_features_in_use():
    used = {(f.trigger, f.target, f.effect) for card in CONTENT.cards.values() for f in card.features}
    assert len(used) >= 20


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name_and_texts_in_each_language(lang):
    for card in CONTENT.cards.values():
        assert card.name[lang].strip()
        lines = card_lines(card, lang)
        assert len(lines) >= len(card.features)
        assert all("{" not in line and "}" not in line for line in lines)


def test_templates_have_the_same_placeholders_in_every_language():
    for section, entries in texts().items():
        for key, entry in entries.items():
            assert set(entry) == set(LANGUAGES), (section, key)
            assert len({frozenset(placeholders(entry[lang])) for lang in LANGUAGES}) == 1, (section, key)


def test_starter_content_round_trips_through_data():
    data = {"cards": {cid: c.to_data() for cid, c in CONTENT.cards.items()},
            "squads": {sid: s.to_data() for sid, s in CONTENT.squads.items()}}
    again = content_from_data(data, "round-trip")
    assert again.cards == CONTENT.cards and again.squads == CONTENT.squads


def test_view_hides_deck_order_but_counts_cards():
    session = Session.start("autobattle", seed=1)
    view = session.view(0)
    assert view["sides"][0]["deck"] == 16 and view["sides"][1]["deck"] == 16
    assert session.ruleset.secrets(session.state, 0)     # there is an order to hide
    session.run()
    assert isinstance(session.view(0)["sides"][0]["deck"], list)
