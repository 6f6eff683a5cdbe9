"""Character data for tactics: the shipped file and the test file load; every kind of mistake is named."""

import tomllib

import pytest

from engine.core import BadCards
from engine.rulesets.tactics.characters import BUILTIN_FILE, load_content_file, parse_content
from engine.rulesets.tactics.options import OPTIONS
from engine.rulesets.tactics.ruleset import Tactics
from builder import CHARACTERS_FILE

GOOD = CHARACTERS_FILE.read_text("utf-8")


def problems(text: str) -> list[str]:
    with pytest.raises(BadCards) as caught:
        parse_content(text, "x.toml")
    return caught.value.problems


def test_shipped_and_test_files_validate():
    shipped = load_content_file(BUILTIN_FILE)
    assert shipped.armies and all(a.king in shipped.characters for a in shipped.armies.values())
    assert Tactics().validate_cards() == []
    assert load_content_file(CHARACTERS_FILE).characters["imp"].summoned


def test_unknown_keys_are_errors_naming_file_table_and_field():
    text = GOOD.replace('kind = "unit"\nclass = "archer"', 'kind = "unit"\nclass = "archer"\ncolour = "red"', 1)
    assert problems(text) == ["x.toml: characters.archer: colour: unknown field"]
    text = GOOD.replace('{ kind = "damage", amount = 3 }', '{ kind = "damage", amount = 3, cycles = 1 }', 1)
    assert problems(text) == ["x.toml: characters.brute: act_skills[0].effects[0].cycles: not a field of a damage effect"]


def test_bad_values_are_errors():
    text = GOOD.replace("speed = 5\nrange = 1", "speed = 10\nrange = 1", 1)
    assert problems(text) == ["x.toml: characters.brute: speed: must be a whole number from 1 to 9; got 10"]
    text = GOOD.replace('{ kind = "heal", amount = 3 }', '{ kind = "heal", amount = 7 }', 1)
    assert "effects[0].amount: must be a whole number from 1 to 6; got 7" in problems(text)[0]
    text = GOOD.replace('trigger = "when_attacked", target = "self"', 'trigger = "when_attacked", target = "target"', 1)
    assert problems(text) == ["x.toml: characters.guard: react_skills[0].target: must be one of self, attacker; got 'target'"]
    text = GOOD.replace('name = { en = "Imp", ja = "小鬼", ru = "Бесёнок" }', 'name = { en = "Imp", ja = "小鬼" }', 1)
    assert problems(text) == ["x.toml: characters.imp: name.ru: must be text of 1 to 60 characters; got missing"]


def test_references_must_resolve():
    text = GOOD.replace('character = "imp"', 'character = "brute"', 1)
    assert problems(text) == ["x.toml: characters.caller: act_skills[0].effects[0].character: "
                              "must name a summoned=true character; got 'brute'"]
    text = GOOD.replace('members = ["brute", "archer", "guard", "healer", "caller"]',
                        'members = ["brute", "archer", "guard", "imp", "blue_king"]', 1)
    found = problems(text)
    assert any("imp is summoned" in line for line in found) and any("blue_king is a King" in line for line in found)
    text = GOOD.replace('king = "red_king"', 'king = "brute"', 1)
    assert problems(text)[0].startswith("x.toml: armies.reds: king: must name a kind=\"king\" character")
    text = GOOD.replace('members = ["brute", "archer", "guard", "healer", "caller"]', 'members = ["brute"]', 1)
    assert problems(text) == ["x.toml: armies.reds: members: must list exactly 5 character ids"]


def test_every_problem_is_reported_at_once():
    text = GOOD.replace("speed = 5\nrange = 1", "speed = 0\nrange = 9", 1).replace('class = "mage"', 'class = "bard"', 1)
    assert len(problems(text)) == 3


def test_catalogue_has_every_spec_id_in_every_language_with_known_options():
    with open(BUILTIN_FILE.parent.parent / "rules.toml", "rb") as handle:
        rules = tomllib.load(handle)["rules"]
    wanted = {f"S0-R{i}" for i in range(1, 41)} | {f"G0-{i}" for i in range(1, 18)} | {f"A0-{i}" for i in range(1, 13)}
    wanted |= {"P0-1", "P0-2", "P0-3", "P0-10", "P0-11", "P0-12"}  # the project's own: cycle cap, deployment
    # fallback, chain bound, record bounds, one tie proposal a cycle, every battle ends
    assert set(rules) == wanted
    keys = {option.key for option in OPTIONS}
    for rule in rules.values():
        assert all(rule[lang].strip() for lang in ("en", "ja", "ru")) and set(rule) <= {"en", "ja", "ru", "options"}
        assert set(rule.get("options", [])) <= keys
