"""Heroes as data (G1-2, F-S4): the deck structure of every starter hero, and bad files refused in one-line errors."""

import copy
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.core import BadCards
from engine.rulesets.initiative.heroes import BUILTIN_HEROES, DECK, _read, builtin_heroes, heroes_from_text

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RAW = tomllib.loads(BUILTIN_HEROES.read_text(encoding="utf-8"))


def test_F_S4_every_hero_has_the_18_card_deck_and_a_hand_of_five():
    content = builtin_heroes()
    assert len(content.heroes) >= 2
    for hero in content.heroes.values():
        cards = [content.cards[c] for c in hero.cards]
        assert len(cards) == 18 == sum(DECK.values())
        hand = hero.starting_hand(content.cards)
        assert sorted(content.cards[c].colour for c in hand) == ["blue", "gold", "green", "red", "silver"]
        for card in cards:
            assert (card.item is not None) == (card.tier in (2, 3))
            assert (card.initiative is None) == (card.tier == 4)
            assert all(card.name[lang] for lang in ("en", "ja", "ru"))
            assert card.effect == () or card.text is not None


def test_ranged_attacks_have_a_range():
    for card in builtin_heroes().cards.values():
        assert card.ranged == (card.range is not None)


def test_F_V5_a_card_shows_only_its_printed_icons():
    cards = builtin_heroes().cards
    assert cards["isra_gold"].shows("range") and not cards["brannoc_gold"].shows("range")
    assert cards["brannoc_silver"].shows("defense") and not cards["brannoc_silver"].shows("attack")
    assert cards["brannoc_green1"].shows("radius") and cards["brannoc_green1"].defense == 2


def broken(edit) -> list[str]:
    data = copy.deepcopy(RAW)
    edit(data)
    with pytest.raises(BadCards) as caught:
        _read(data, "heroes.toml")
    return caught.value.problems


@pytest.mark.parametrize("edit, expected", [
    (lambda d: d["cards"]["isra_gold"].update(colour="pink"), "cards.isra_gold: colour: must be one of"),
    (lambda d: d["cards"]["isra_gold"].update(power=3), "cards.isra_gold: power: unknown field"),
    (lambda d: d["cards"]["isra_gold"].update(hero="nobody"), "cards.isra_gold: hero: must name a hero"),
    (lambda d: d["cards"]["isra_gold"].update(initiative=14), "cards.isra_gold: initiative: must be a whole number from 1 to 13"),
    (lambda d: d["cards"]["isra_gold"].pop("range"), "cards.isra_gold: range: must be a whole number"),
    (lambda d: d["cards"]["brannoc_gold"].update(range=2), "cards.brannoc_gold: range: only a ranged attack has a range"),
    (lambda d: d["cards"]["brannoc_green1"].update(value=3), "cards.brannoc_green1: value: a skill has no value"),
    (lambda d: d["cards"]["brannoc_gold"].update(item="attack"), "only tier II and III cards carry an item icon"),
    (lambda d: d["cards"]["brannoc_red2a"].pop("item"), "cards.brannoc_red2a: item: must be one of"),
    (lambda d: d["cards"]["brannoc_gold"].update(block="ranged_attack"), "only a defense card has a block condition"),
    (lambda d: d["cards"]["brannoc_ultimate"].update(initiative=3), "an ultimate has no actions"),
    (lambda d: d["cards"]["brannoc_gold"].update(secondaries={"fly": 2}), "secondaries.fly: must be movement or defense"),
    (lambda d: d["cards"]["brannoc_red1"]["text"].pop("ru"), "cards.brannoc_red1: text: must be a table with exactly en, ja and ru"),
    (lambda d: d["cards"]["brannoc_red1"]["effect"][0].update(do="explode"), "effect[0].do: must be one of move"),
    (lambda d: d["cards"]["brannoc_red1"]["effect"][0].update(up_to=9), "effect[0].up_to: must be a whole number from 1 to 6"),
    (lambda d: d["cards"]["brannoc_red1"]["effect"][0].update(when="never"), "effect[0].when: must be one of"),
    (lambda d: d["cards"]["brannoc_red1"]["effect"][0].update(colour=1), "effect[0].colour: unknown parameter for move"),
    (lambda d: d["cards"]["brannoc_green1"]["effect"][0].pop("radius"), "effect[0].radius: friendly_in_radius needs a radius"),
    (lambda d: d["cards"]["brannoc_green3a"]["effect"][0].update(options=[[]]), "options: must be a list of 2 to 4 bullets"),
    (lambda d: d["cards"]["brannoc_ultimate"]["effect"][0].update(when="now"), "effect[0].when: must be one of always"),
    (lambda d: d["cards"]["isra_red1"].update(tier=2, item="range"), "heroes.isra: cards: needs 1 red card(s) of tier 1; has 0"),
    (lambda d: d["cards"].pop("isra_ultimate"), "heroes.isra: cards: needs 1 purple card(s) of tier 4"),
])
def test_a_bad_card_is_a_one_line_error_naming_card_and_field(edit, expected):
    problems = broken(edit)
    assert any(expected in line for line in problems), problems
    assert all(line.startswith("heroes.toml: ") and line.isprintable() for line in problems)


@FAST
@given(st.text(max_size=400))
def test_any_text_is_heroes_or_a_one_line_error(text):
    try:
        heroes_from_text(text)
    except BadCards as error:
        assert str(error).isprintable()


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                           max_leaves=8)
FIELDS = ["hero", "name", "colour", "tier", "initiative", "primary", "value", "ranged", "range", "radius", "block",
          "secondaries", "item", "text", "effect"]


@FAST
@given(st.sampled_from(sorted(RAW["cards"])), st.sampled_from(FIELDS), json_values)
def test_any_field_value_is_a_card_or_a_one_line_error(card, field, value):
    data = copy.deepcopy(RAW)
    data["cards"][card][field] = value
    try:
        _read(data, "heroes.toml")
    except BadCards as error:
        assert error.problems and all(line.isprintable() for line in error.problems)
