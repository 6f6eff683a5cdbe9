"""A user's card file laid over the starter content: squads re-validated after replacements, and
problem lines that say exactly what is wrong, once.

The same check runs for `cards validate FILE`, `play --cards FILE` and content carried in a record
(`setup.content`); each path is tested here.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import Record, Session
from engine.core.errors import BadCards
from engine.rulesets.autobattle.cards import builtin_content, content_from_data
from engine.rulesets.autobattle.ruleset import Autobattle

ROOT = Path(__file__).resolve().parents[2]
NAME = {"en": "X", "ja": "X", "ru": "X"}

# The starter hero of ashen_cabal replaced by a creature (S4-R1/G4-4: a squad is one hero and seven cards).
HERO_AS_CREATURE = {"lord_of_the_last_candle": {"type": "creature", "element": "darkness", "rarity": "rare",
                                                "crystals": 3, "attack": 3, "life": 5, "name": NAME}}
# A creature of the neutral crossroads_free_company replaced by a terrain: its hero allows one terrain.
CREATURE_AS_TERRAIN = {"ogre_brute": {"type": "terrain", "element": "neutral", "rarity": "common",
                                      "crystals": 2, "name": NAME}}


def problems(cards=None, squads=None, source="mine.toml") -> list[str]:
    """The problem lines for data laid over the starter content ([] when it is accepted)."""
    data = {"cards": cards or {}, "squads": squads or {}}
    try:
        content_from_data(data, source, builtin_content())
    except BadCards as error:
        return error.problems
    return []


def toml_card(card_id: str, fields: dict) -> str:
    """One card as a TOML table (flat values and a name table)."""
    lines = [f"[cards.{card_id}]"]
    for key, value in fields.items():
        if key == "name":
            lines.append('name = { en = "X", ja = "X", ru = "X" }')
        else:
            lines.append(f"{key} = {json.dumps(value)}")
    return "\n".join(lines) + "\n"


# --- re-validation after replacements ---------------------------------------------------------------

def test_replacing_a_starter_hero_with_a_creature_is_refused_naming_squad_and_card():
    assert problems(HERO_AS_CREATURE) == [
        "mine.toml: squads.ashen_cabal: hero: lord_of_the_last_candle is a creature; a squad's hero must be "
        "a hero card (starter squad; replaced here: lord_of_the_last_candle)"]


def test_replaced_terrain_beyond_the_heroes_limit_is_refused():
    assert problems(CREATURE_AS_TERRAIN) == [
        "mine.toml: squads.crossroads_free_company: cards: 2 terrain cards (ogre_brute, crossroads_encampment); "
        "hero free_company_captain allows 1 (starter squad; replaced here: ogre_brute)"]


def test_replacing_a_member_with_a_hero_or_another_element_is_refused():
    hero = {"type": "hero", "element": "darkness", "rarity": "rare", "crystals": 3, "attack": 3, "life": 5,
            "name": NAME, "leadership": 9, "limits": {"equipment": 1, "terrain": 1}}
    lines = problems({"gravepit_rats": hero})
    assert lines == ["mine.toml: squads.ashen_cabal: cards: gravepit_rats is a hero; a squad's seven cards are "
                     "not heroes (starter squad; replaced here: gravepit_rats)"]
    rats = {**HERO_AS_CREATURE["lord_of_the_last_candle"], "element": "forest"}
    assert problems({"gravepit_rats": rats}) == [
        "mine.toml: squads.ashen_cabal: cards: gravepit_rats is forest; squad is darkness (or neutral) "
        "(starter squad; replaced here: gravepit_rats)"]


def test_a_replacement_that_keeps_the_squads_valid_is_accepted():
    stronger = {**HERO_AS_CREATURE["lord_of_the_last_candle"], "attack": 9}
    assert problems({"gravepit_rats": stronger}) == []


def test_a_starter_squad_replaced_by_the_file_is_checked_as_the_file_writes_it():
    """The file replaces the hero and the squad that used it: the new squad is valid, so all is well."""
    squad = {"element": "darkness", "name": NAME, "hero": "warlock_x",
             "cards": ["gravepit_rats", "gravepit_rats", "bone_archer", "bone_archer", "hollow_eyed_ghoul",
                       "whispering_shade", "ashen_rite_acolyte"]}
    hero = {"type": "hero", "element": "darkness", "rarity": "rare", "crystals": 3, "attack": 3, "life": 5,
            "name": NAME, "leadership": 9, "limits": {"equipment": 1, "terrain": 1}}
    assert problems({**HERO_AS_CREATURE, "warlock_x": hero}, {"ashen_cabal": squad}) == []


def test_cards_validate_refuses_the_replacement(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(toml_card("lord_of_the_last_candle", HERO_AS_CREATURE["lord_of_the_last_candle"]), "utf-8")
    assert Autobattle().validate_cards(path) == problems(HERO_AS_CREATURE)


def test_play_with_the_card_file_refuses_the_replacement(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(toml_card("ogre_brute", CREATURE_AS_TERRAIN["ogre_brute"]), "utf-8")
    with pytest.raises(BadCards, match=r"squads\.crossroads_free_company: cards: 2 terrain cards"):
        Autobattle().build_setup({}, 1, {0: ["crossroads_free_company"]}, path)


def test_a_record_carrying_the_replacement_is_refused():
    with pytest.raises(BadCards, match=r"record: squads\.ashen_cabal: hero: lord_of_the_last_candle is a creature"):
        Session.start("autobattle", seed=1, setup={"decks": [["ashen_cabal"], ["anvilcrag_host"]],
                                                   "content": {"cards": HERO_AS_CREATURE}})
    data = Session.start("autobattle", seed=1).record.to_data()
    data["setup"]["content"] = {"cards": CREATURE_AS_TERRAIN, "squads": {}}
    with pytest.raises(BadCards, match=r"record: squads\.crossroads_free_company: cards: 2 terrain cards"):
        Session.replay(Record.from_data(data))


@pytest.mark.needs_subprocess
def test_command_line_validate_and_play_refuse_the_replacement(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(toml_card("lord_of_the_last_candle", HERO_AS_CREATURE["lord_of_the_last_candle"]), "utf-8")
    for args in (("cards", "validate", str(path)), ("play", "autobattle", "--cards", str(path))):
        result = subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True,
                                text=True, timeout=120)
        assert result.returncode == 2, result.stdout
        assert "squads.ashen_cabal: hero: lord_of_the_last_candle is a creature" in result.stderr
        assert result.stderr.strip().splitlines()[-1].startswith("error: ")
        assert "Traceback" not in result.stderr


# --- what the problem lines say -------------------------------------------------------------------------

GOOD = {"type": "creature", "element": "neutral", "rarity": "common", "crystals": 2, "attack": 2, "life": 3,
        "name": NAME}


def test_feature_problems_name_the_features_index():
    card = {**GOOD, "features": [{"trigger": "enter", "target": "front", "effect": "damage", "amount": 1},
                                 {"trigger": "nope", "target": "front", "effect": "damage", "amount": 0}]}
    assert problems({"c": card}) == [
        "mine.toml: cards.c: features[1].trigger: must be one of enter, before_attack, attacked, death, "
        "turn_start, aura; got 'nope'",
        "mine.toml: cards.c: features[1].amount: must be a whole number from 1 to 9; got 0"]
    card = {**GOOD, "features": [{"trigger": "enter", "target": "front", "effect": "damage", "amount": 1,
                                  "only_element": "lava"}]}
    assert problems({"c": card}) == [
        "mine.toml: cards.c: features[0].only_element: must be one of mountains, forest, plains, swamp, "
        "darkness, neutral; got 'lava'"]


def test_a_squad_reports_each_card_once_not_once_per_copy():
    squad = {"element": "plains", "name": NAME, "hero": "golden_steppe_marshal",
             "cards": ["ghost", "ghost", "gravepit_rats", "gravepit_rats", "ghost", "steppe_skirmisher",
                       "sunlance_rider"]}
    assert problems(squads={"band": squad}) == [
        "mine.toml: squads.band: cards: 'ghost' appears 3 times; at most twice",
        "mine.toml: squads.band: cards: unknown card 'ghost'",
        "mine.toml: squads.band: cards: gravepit_rats is darkness; squad is plains (or neutral)"]


def test_a_squad_using_an_invalid_card_of_the_file_says_so():
    squad = {"element": "neutral", "name": NAME, "hero": "free_company_captain",
             "cards": ["c", "c", "hired_sellsword", "hired_sellsword", "ogre_brute", "veteran_pikeman",
                       "crossbow_mercenary"]}
    assert problems({"c": {**GOOD, "attack": 99}}, {"band": squad}) == [
        "mine.toml: cards.c: attack: must be a whole number from 0 to 9; got 99",
        "mine.toml: squads.band: cards: c is not a valid card (see cards.c)"]


def test_missing_fields_say_missing():
    assert problems({"c": {"name": NAME}}, {"band": {"name": NAME}}) == [
        "mine.toml: cards.c: type: must be one of creature, hero, equipment, terrain; got missing",
        "mine.toml: cards.c: element: must be one of mountains, forest, plains, swamp, darkness, neutral; got missing",
        "mine.toml: cards.c: rarity: must be one of common, frequent, rare, super_rare, ultra_rare, promo; got missing",
        "mine.toml: cards.c: crystals: must be a whole number from 0 to 6; got missing",
        "mine.toml: squads.band: element: must be one of mountains, forest, plains, swamp, darkness, neutral; "
        "got missing",
        "mine.toml: squads.band: hero: must name a hero card; got missing",
        "mine.toml: squads.band: cards: must list exactly 7 card ids; got missing"]
    lines = problems({"c": {key: value for key, value in GOOD.items() if key not in ("life", "name")},
                      "h": {**GOOD, "type": "hero", "leadership": 9},
                      "f": {**GOOD, "features": [{"trigger": "enter", "target": "front", "effect": "damage"}]}})
    assert lines == [
        "mine.toml: cards.c: name: must be a table with en, ja and ru; got missing",
        "mine.toml: cards.c: life: must be a whole number from 1 to 20; got missing",
        "mine.toml: cards.h: limits: must be a table with equipment and terrain; got missing",
        "mine.toml: cards.f: features[0].amount: must be a whole number from 1 to 9; got missing"]


def test_an_unknown_type_hides_nothing_and_misleads_nothing():
    """With a type the loader does not know, fields are not called 'not allowed' or 'missing' for that
    type, yet a bad value is still reported."""
    assert problems({"c": {**GOOD, "type": "monster"}}) == [
        "mine.toml: cards.c: type: must be one of creature, hero, equipment, terrain; got 'monster'"]
    card = {**GOOD, "type": "monster", "attack": "lots", "rarity": "mythic", "leadership": 9,
            "limits": {"equipment": 1}}
    assert problems({"c": card}) == [
        "mine.toml: cards.c: type: must be one of creature, hero, equipment, terrain; got 'monster'",
        "mine.toml: cards.c: rarity: must be one of common, frequent, rare, super_rare, ultra_rare, promo; "
        "got 'mythic'",
        "mine.toml: cards.c: attack: must be a whole number from -3 to 9; got 'lots'",
        "mine.toml: cards.c: limits: must be a table with equipment and terrain; got {'equipment': 1}"]


def test_fields_of_another_type_are_named_with_the_type():
    assert problems({"c": {**GOOD, "leadership": 9, "limits": {"equipment": 1, "terrain": 1}}}) == [
        "mine.toml: cards.c: leadership: not allowed on a creature card",
        "mine.toml: cards.c: limits: not allowed on a creature card (only heroes have limits)"]
    assert problems({"t": {**GOOD, "type": "terrain"}}) == [
        "mine.toml: cards.t: attack: not allowed on a terrain card",
        "mine.toml: cards.t: life: not allowed on a terrain card"]


def test_a_record_carries_the_squads_that_make_a_replacement_valid(tmp_path):
    """The file turns ogre_brute into a terrain, uses it in its own squad, and rewrites the starter
    squad that held it. A game with only its own squad must carry that rewritten squad too, or the
    record would be refused on replay although the file was accepted."""
    company = ["hired_sellsword", "crossbow_mercenary", "veteran_pikeman", "camp_quartermaster",
               "hired_sellsword", "steel_longsword"]
    text = toml_card("ogre_brute", CREATURE_AS_TERRAIN["ogre_brute"])
    for squad_id, last in (("crossroads_free_company", "crossroads_encampment"), ("my_band", "ogre_brute")):
        text += (f'[squads.{squad_id}]\nelement = "neutral"\nname = {{ en = "X", ja = "X", ru = "X" }}\n'
                 f'hero = "free_company_captain"\ncards = {json.dumps(company + [last])}\n')
    path = tmp_path / "mine.toml"
    path.write_text(text, "utf-8")
    assert Autobattle().validate_cards(path) == []
    setup = Autobattle().build_setup({}, 3, {0: ["my_band"], 1: ["ashen_cabal"]}, path)
    assert (sorted(setup["content"]["cards"]), sorted(setup["content"]["squads"])) == (
        ["ogre_brute"], ["crossroads_free_company", "my_band"])
    session = Session.start("autobattle", seed=3, setup=setup)
    session.run()
    again = Session.replay(Record.from_data(json.loads(session.record.to_json())))
    assert again.digest() == session.digest()
