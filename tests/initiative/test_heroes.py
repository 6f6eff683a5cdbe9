"""Heroes as data (G1-2, F-S4): the deck structure of every starter hero, and bad files refused in one-line errors."""

import copy
import re
import tomllib
from statistics import mean

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.core import BadCards
from engine.rulesets.initiative.effects import DURATIONS, STATS, STEPS, WHEN, WHO
from engine.rulesets.initiative.heroes import BUILTIN_HEROES, DECK, _read, builtin_heroes, heroes_from_text
from helpers import problems_after

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


# --- the roster: six heroes of six styles, using the whole effect language --------------------------

ROSTER = {"brannoc": "melee", "isra": "ranged", "tova": "support", "maren": "tactician",
          "nim": "skirmisher", "gorm": "controller"}
REFERENCE = ("brannoc", "isra")                  # the first two heroes set the stat budget per tier


def hero_cards(hero_id):
    content = builtin_heroes()
    return [content.cards[c] for c in content.heroes[hero_id].cards]


def steps_of(card):
    """Every step of a card, bullets included, each with its moment (a bullet inherits its bullet's)."""
    for step in card.effect:
        when = step.get("when", "now")
        yield step, when
        for bullet in step.get("options", ()):
            for inner in bullet:
                yield inner, inner.get("when", when)


def test_F_S4_the_roster_is_six_heroes_each_with_the_full_deck():
    content = builtin_heroes()
    assert {hero: h.style for hero, h in content.heroes.items()} == ROSTER
    assert len(set(ROSTER.values())) == len(ROSTER) == 6                    # six heroes, six styles
    for hero in content.heroes.values():
        counts = {}
        for card in hero_cards(hero.id):
            counts[(card.colour, card.tier)] = counts.get((card.colour, card.tier), 0) + 1
            assert card.hero == hero.id and card.id.startswith(hero.id + "_")
        assert counts == DECK
    for language in ("en", "ja", "ru"):
        names = [card.name[language] for card in content.cards.values()]
        assert len(set(names)) == len(names), f"two cards share a {language} name"
        heroes = [hero.name[language] for hero in content.heroes.values()]
        assert len(set(heroes)) == len(heroes)


SCRIPT = {"en": re.compile(r"^[\x20-\x7e•−]+$"), "ja": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]"),
          "ru": re.compile(r"[а-яё]", re.IGNORECASE)}
IDENTIFIER = re.compile(r"[a-z0-9]+_[a-z0-9_]+")      # ids and effect-language words are snake_case


def test_every_card_text_is_written_in_each_language_and_names_no_id():
    content = builtin_heroes()
    ids = set(content.cards) | set(content.heroes)
    for card in content.cards.values():
        assert card.text is not None or (card.effect == () and card.block is None and card.tier in (0, 1)), card.id
        for language in ("en", "ja", "ru"):
            for text in (card.name[language], *((card.text[language],) if card.text else ())):
                assert text.strip() and SCRIPT[language].search(text), (card.id, language, text)
                assert not IDENTIFIER.search(text) and not any(i in text for i in ids), (card.id, language, text)


# substrings that must appear (case-insensitive, any one of them) in every language's text of a card using
# that step kind, moment, duration, stat or optional step: the words say what the steps do
PHRASES = {
    "do": {"move": ("move", "移動", "перемест"), "push": ("push", "押し出", "оттолкн"),
           "place": ("place", "配置", "постав"), "swap": ("swap", "入れ替え", "поменя"),
           "marker": ("poison marker", "毒マーカー", "жетон яда"), "token": ("rubble token", "瓦礫トークン", "жетон завала"),
           "coins": ("coin", "コイン", "монет"), "repeat": ("repeat", "繰り返", "повтор"),
           "choose": ("choose one", "1つ選ぶ", "выберите одно")},
    "when": {"before_attack": ("before the attack", "攻撃の前", "перед атакой"),
             "after_attack": ("after the attack", "攻撃の後", "после атаки"),
             "always": ("always:", "常時：", "всегда:"),
             "next_turn_after_cards": ("next turn, after cards are revealed", "次のターン、カード公開後", "в следующий ход, после вскрытия карт"),
             "end_of_turn": ("end of turn:", "ターン終了時：", "в конце хода:")},
    "duration": {"this_turn": ("this turn", "このターン", "этот ход"), "this_round": ("this round", "このラウンド", "раунд"),
                 "next_turn": ("next turn", "次のターン", "следующий ход"), "while_on_board": ("always", "常時", "всегда")},
    "stat": {"attack": ("attack", "攻撃", "атак"), "defense": ("defense", "防御", "защит"),
             "initiative": ("initiative", "イニシアチブ", "инициатив"), "movement": ("movement", "移動", "перемещ"),
             "range": ("range", "射程", "дальност"), "radius": ("radius", "半径", "радиус")},
    "optional": {True: ("may", "てよい", "можете")},
}


def test_card_text_says_what_its_effect_steps_do():
    for card in builtin_heroes().cards.values():
        for step, when in steps_of(card):
            wanted = [("do", step["do"]), ("when", when), ("duration", step.get("duration")),
                      ("stat", step.get("stat")), ("optional", step.get("optional"))]
            numbers = [f"{step['amount']:+d}".replace("-", "−")] if step["do"] == "modify" else []
            numbers += [str(step[key]) for key in ("up_to", "distance", "range", "radius") if step.get(key, 0) >= 2]
            for index, language in enumerate(("en", "ja", "ru")):
                text = card.text[language].lower()
                for kind, value in wanted:
                    phrase = PHRASES[kind].get(value)
                    assert phrase is None or phrase[index] in text, (card.id, language, kind, value)
                for number in numbers:
                    assert number in text, (card.id, language, step["do"], number)


def test_the_roster_uses_the_whole_effect_language():
    steps = [(step, when) for card in builtin_heroes().cards.values() for step, when in steps_of(card)]
    # `remove` (P1-21, minions) came with user files (issue 23); the starter roster is unchanged so that
    # golden records stay valid: tests/initiative/test_content_files.py plays it from a user's file
    assert {step["do"] for step, _ in steps} == set(STEPS) - {"remove"}
    assert {when for _, when in steps} == set(WHEN)
    modify = [step for step, _ in steps if step["do"] == "modify"]
    assert {step["duration"] for step in modify} == set(DURATIONS)
    assert {step.get("who", "self") for step in modify} == set(WHO)
    assert {step["stat"] for step in modify} == set(STATS)
    assert {step["with"] for step, _ in steps if step["do"] == "swap"} == set(STEPS["swap"]["with"])
    assert {step.get("who", "self") for step, _ in steps if step["do"] == "move"} == set(STEPS["move"]["who"])
    assert {step["who"] for step, _ in steps if step["do"] == "marker"} == set(STEPS["marker"]["who"])
    assert {step["times"] for step, _ in steps if step["do"] == "repeat"} == {1, 2}
    assert {len(step["options"]) for step, _ in steps if step["do"] == "choose"} >= {2, 3}
    assert {bool(step.get("optional")) for step, _ in steps} == {True, False}
    assert any(step["amount"] < 0 for step in modify) and any(step["amount"] > 0 for step in modify)
    for hero in ROSTER:            # every hero speaks several words of it, not one trick
        kinds = {step["do"] for card in hero_cards(hero) for step, _ in steps_of(card)}
        assert len(kinds) >= 4, (hero, kinds)


def reach(card) -> int:
    return card.range if card.ranged else 1


def test_the_six_heroes_play_in_six_distinct_styles():
    # no two heroes strike from the same distances: the reaches of their attack cards differ
    profiles = {hero: tuple(sorted(reach(c) for c in hero_cards(hero) if c.primary == "attack")) for hero in ROSTER}
    assert len(set(profiles.values())) == len(ROSTER), profiles

    # and each hero leads the roster, strictly, in what it is for
    def leader(measure):
        scores = {hero: measure([c for c in hero_cards(hero) if c.tier < 4], hero_cards(hero)) for hero in ROSTER}
        best = max(scores.values())
        assert list(scores.values()).count(best) == 1, scores
        return max(scores, key=scores.get)

    def count(cards, test):
        return sum(1 for card in cards for step, _ in steps_of(card) if test(step))

    attacks = lambda cards: [c for c in cards if c.primary == "attack"]
    assert leader(lambda cards, _: mean(c.value for c in attacks(cards))) == "brannoc"              # hits hardest
    assert leader(lambda cards, _: max(reach(c) for c in attacks(cards))) == "isra"                 # reaches farthest
    assert leader(lambda _, all_: count(all_, lambda s: s.get("who") == "friendly_in_radius"
                                        or s.get("with") == "friendly_in_radius")) == "tova"         # helps friends
    assert leader(lambda _, all_: count(all_, lambda s: s.get("stat") == "initiative")) == "maren"  # sets the order
    assert leader(lambda cards, _: mean(c.initiative for c in attacks(cards))) == "nim"             # strikes first
    assert leader(lambda _, all_: count(all_, lambda s: s["do"] == "move" and s.get("who", "self") == "self"
                                        or s["do"] == "place")) == "nim"                             # never stays put
    assert leader(lambda _, all_: count(all_, lambda s: s["do"] in ("token", "push"))) == "gorm"    # shapes the board
    assert leader(lambda cards, _: -mean(c.initiative for c in cards)) == "gorm"                    # slow and heavy


def budget(card) -> int:
    """The printed numbers of a card: value, secondaries, and range beyond adjacent."""
    return (card.value or 0) + sum(card.secondaries.values()) + (card.range - 1 if card.ranged else 0)


def test_every_hero_has_the_stat_budget_of_the_reference_heroes_per_tier():
    def per_tier(hero):
        return [sum(budget(c) for c in hero_cards(hero) if c.tier == tier) for tier in range(4)]

    reference = [mean(values) for values in zip(*(per_tier(hero) for hero in REFERENCE))]
    references = [c for hero in REFERENCE for c in hero_cards(hero) if c.tier < 4]
    kind = lambda card: "defense" if card.primary == "defense_skill" else card.primary
    for hero in ROSTER:
        for tier, (total, wanted) in enumerate(zip(per_tier(hero), reference)):
            assert abs(total - wanted) <= 3, (hero, tier, total, wanted)
        for card in hero_cards(hero):
            if card.tier == 4:
                continue
            # each card within 2 of the reference cards of its colour and tier ...
            alike = [budget(c) for c in references if (c.colour, c.tier) == (card.colour, card.tier)]
            assert min(alike) - 2 <= budget(card) <= max(alike) + 2, (card.id, budget(card), alike)
            # ... and no printed value more than 1 above the references' highest of its tier and kind
            values = [c.value for c in references if c.tier == card.tier and kind(c) == kind(card)]
            assert card.value is None or card.value <= max(values or [card.value]) + 1, (card.id, card.value, values)


def broken(edit) -> list[str]:
    return problems_after(edit, RAW, _read, "heroes.toml")


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
