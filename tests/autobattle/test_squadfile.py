"""The squad editor's pure Python (ui/games/autobattle/squadfile.py) and the card-file writer (engine/core/tomlwrite.py):
written files read back as the same cards, drafts are judged by the engine's own validator with its
own lines, stored and imported text is refused in printable lines (never another exception), and a
battle with a saved squad carries it in the record as `play --cards` does."""

import tomllib

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from engine.core import BadCards, Session, decode_link, encode_link, get_ruleset
from engine.core.carddata import ID_MESSAGE
from engine.core.tomlwrite import dump_tables, string, value
from engine.rulesets.autobattle.cards import ELEMENTS, builtin_content, parse_content
from ui.games.autobattle.squadfile import SQUADS, Draft, battle_setup
from tests.card_files import read_or_refused
from tests.strategies import spliced

SOURCE, STORED, MAX_SAVED, MAX_TEXT = SQUADS.source, SQUADS.stored, SQUADS.max_saved, SQUADS.max_text
read_squads, write_squads, load_saved, slug = SQUADS.read, SQUADS.write, SQUADS.load_saved, SQUADS.slug

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STARTER = builtin_content()
RULESET = get_ruleset("autobattle")
VALID_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=60).filter(str.strip)
IDS = st.from_regex(r"[a-z0-9_-]{1,40}", fullmatch=True).filter(lambda i: i not in STARTER.squads)


def squad_like(starter_id: str, squad_id: str = "mine", name: str = "Mine"):
    """A saved squad with a starter squad's hero and cards under its own id and name."""
    starter = STARTER.squads[starter_id]
    draft = Draft(squad_id, {"en": name, "ja": name, "ru": name}, starter.element, starter.hero, list(starter.cards))
    return draft.checked()


def assert_refused_in_lines(text, source="fuzz.toml", note=event):
    """`read_squads(text)` gives squads or BadCards of printable lines naming the source (tests/card_files.py)."""
    return read_or_refused(SQUADS, text, source, note)


# --- the TOML writer -----------------------------------------------------------------------------

def test_the_whole_starter_set_written_and_read_back_is_the_same_cards_and_squads():
    text = dump_tables({"cards": {i: c.to_data() for i, c in STARTER.cards.items()},
                        "squads": {i: s.to_data() for i, s in STARTER.squads.items()}}, "starter set")
    again = parse_content(text, "again.toml")
    assert again.cards == STARTER.cards and again.squads == STARTER.squads
    assert list(again.cards) == list(STARTER.cards)


@FAST
@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=80))
def test_any_valid_unicode_text_round_trips_through_tomllib(text):
    assert tomllib.loads(f"k = {string(text)}\n")["k"] == text


@given(st.recursive(st.one_of(st.integers(-2**63, 2**63 - 1), st.booleans(), VALID_TEXT),
                    lambda inner: st.one_of(st.lists(inner, max_size=4),
                                            st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                    max_leaves=12))
@FAST
def test_nested_values_round_trip(item):
    assert tomllib.loads(f"k = {value(item)}\n")["k"] == item


@pytest.mark.parametrize("bad", ["\ud800", "a\udcffb", 1.5, float("nan"), None, b"x", {1: 2}])
def test_what_toml_cannot_hold_exactly_is_refused(bad):
    with pytest.raises(ValueError):
        value(bad)


# --- drafts: the engine's validator, its own lines ---------------------------------------------------

def test_a_draft_has_exactly_the_lines_cards_validate_prints_for_the_same_file(tmp_path):
    draft = Draft("fen_raiders", {"en": "Fen Raiders", "ja": "沼の略奪者", "ru": "Болотные налётчики"}, "swamp",
                  "anvilcrag_thane", ["leech_swarm"] * 3 + ["crag_ram", "bloated_bog_toad", "mire_witch", "fen_crocodile"])
    lines = draft.problems()
    path = tmp_path / SOURCE
    path.write_text(dump_tables({"squads": {draft.id: draft.data()}}), "utf-8")
    assert lines == RULESET.validate_cards(path)
    assert any("'leech_swarm' appears 3 times; at most twice" in line for line in lines)
    assert any("hero anvilcrag_thane is mountains; squad is swamp" in line for line in lines)
    assert any("crag_ram is mountains; squad is swamp (or neutral)" in line for line in lines)
    assert all(line.startswith(f"{SOURCE}: squads.fen_raiders: ") for line in lines)


def test_an_unfinished_draft_says_how_many_cards_it_must_list(tmp_path):
    draft = Draft("half", {"en": "Half", "ja": "Half", "ru": "Half"}, "forest", "elder_grove_warden", ["moonpelt_wolf"])
    path = tmp_path / SOURCE
    path.write_text(dump_tables({"squads": {draft.id: draft.data()}}), "utf-8")
    assert draft.problems() == RULESET.validate_cards(path) == [
        f"{SOURCE}: squads.half: cards: must list exactly 7 card ids; got ['moonpelt_wolf']"]


def test_a_complete_draft_has_no_problem_and_becomes_a_squad():
    squad = squad_like("rotfen_brood", "bog_band", "Bog Band")
    assert squad.id == "bog_band" and squad.cards == STARTER.squads["rotfen_brood"].cards


def test_a_draft_named_like_a_starter_squad_is_refused_by_the_editor():
    starter = STARTER.squads["antler_kin"]
    draft = Draft("antler_kin", dict(starter.name), starter.element, starter.hero, list(starter.cards))
    assert draft.problems() == [f"{SOURCE}: squads.antler_kin: id: is a starter squad's id; choose another"]
    with pytest.raises(BadCards):
        draft.checked()


def test_a_bad_id_gets_the_validators_id_message():
    assert Draft("Bad Id").problems() == [f"{SOURCE}: squads.Bad Id: id: {ID_MESSAGE}"]


def test_names_follow_each_other_until_one_language_is_given_its_own():
    draft = Draft()
    draft.set_name("Bog", "en")
    assert draft.name == {"en": "Bog", "ja": "Bog", "ru": "Bog"}
    draft.name = {"en": "Bog", "ja": "沼", "ru": ""}        # an imported squad with names of its own
    draft.set_name("Bog Band", "en")
    assert draft.name == {"en": "Bog Band", "ja": "沼", "ru": "Bog Band"}
    draft.set_name("x\ud800y", "ru")          # a lone surrogate pasted in cannot reach a file
    assert draft.name["ru"] == "x\ufffdy"


def test_remove_takes_one_copy_and_counts_keep_the_order_of_adding():
    draft = Draft()
    for card in ("a", "b", "a"):
        draft.add(card)
    draft.remove("a")
    draft.remove("zzz")
    assert draft.cards == ["a", "b"] and draft.counts() == {"a": 1, "b": 1}


@pytest.mark.parametrize("name, expected", [("Bog Band!", "bog_band"), ("  --  ", "my_squad"), ("沼", "my_squad"),
                                            ("A" * 70, "a" * 40), ("x" * 39 + " y", "x" * 39)])
def test_slug(name, expected):
    assert slug(name) == expected


# --- files and storage: written, read back, refused ---------------------------------------------------

@FAST
@given(st.lists(st.tuples(IDS, st.sampled_from(sorted(STARTER.squads)), VALID_TEXT), min_size=1, max_size=4,
                unique_by=lambda item: item[0]))
def test_saved_squads_written_then_read_are_the_same_squads(entries):
    squads = {squad_id: squad_like(starter, squad_id, name) for squad_id, starter, name in entries}
    text = write_squads(squads)
    assert read_squads(text) == squads
    assert parse_content(text, SOURCE, STARTER).squads == squads        # what `play --cards` reads


def test_an_export_is_valid_for_cards_validate(tmp_path):
    path = tmp_path / SOURCE
    path.write_text(write_squads({"a": squad_like("ashen_cabal", "a"), "b": squad_like("harvest_militia", "b")}))
    assert RULESET.validate_cards(path) == []


@pytest.mark.parametrize("text, fragment", [
    ("x" * (MAX_TEXT + 1), "too large"),
    ('[squads.a]\nelement = "\ud800"\n', "not valid Unicode text"),
    ("[squads.a]\nelement = " + "9" * 5000 + "\n", "a number has too many digits"),    # was a ValueError traceback
    ("a = " + "[" * 5000, "nested too deeply"),
    ("[squads.a]\nelement = nan\n", "squads.a: element: must be one of"),
    ("[squads", "not valid TOML"),
    ('[cards.x]\ntype = "creature"\n', "this editor keeps squads of starter cards only"),
    ("[squads.ashen_cabal]\n", "is a starter squad's id"),
    ("".join(f"[squads.s{i}]\n" for i in range(MAX_SAVED + 1)), f"at most {MAX_SAVED} squads"),
    ("squads = 3\n", "squads: -: must be a table of tables"),
], ids=["huge", "surrogate", "long-number", "deep", "nan", "truncated", "cards", "starter-id", "too-many", "not-table"])
def test_bad_files_are_refused_with_a_line_saying_why(text, fragment):
    with pytest.raises(BadCards) as caught:
        read_squads(text, "bad.toml")
    assert any(fragment in line for line in caught.value.problems), caught.value.problems
    assert_refused_in_lines(text, "bad.toml", note=lambda _: None)


def test_a_file_with_a_good_and_a_bad_squad_gives_nothing():
    good = write_squads({"good": squad_like("antler_kin", "good")})
    with pytest.raises(BadCards):
        read_squads(good + '\n[squads.bad]\nelement = "forest"\n')


def test_stored_text_gives_squads_or_one_line_why_not():
    squads = {"mine": squad_like("antler_kin")}
    assert load_saved(write_squads(squads)) == (squads, None)
    assert load_saved(None) == ({}, None) and load_saved("") == ({}, None)
    found, problem = load_saved("[squads.mine]\nelement = 7\n" + "".join(f"\n[squads.x{i}]\n" for i in range(3)))
    assert found == {} and problem.startswith(f"{STORED}: squads.mine: element: ") and problem.isprintable()
    assert "more)" in problem


EXPORT = write_squads({"mine": squad_like("antler_kin"), "yours": squad_like("nightveil_host", "yours", "Yours")})
BITS = ["[", "]", "{", "}", "=", '"', "'", "\\", "\\u", "\n", "#", ",", ".", "squads", "cards", "nan", "inf",
        "1e999", "9" * 30, "-0", "true", "1979-05-27", "\x00", "\ud800", "\udcff", "名", "\u2028"]


@FAST
@given(st.integers(0, len(EXPORT)))
def test_a_truncated_export_is_read_or_refused(cut):
    assert_refused_in_lines(EXPORT[:cut])


@FAST
@given(spliced(EXPORT, BITS))
def test_a_mutated_export_is_read_or_refused(text):
    assert_refused_in_lines(text)


@FAST
@given(st.one_of(st.text(max_size=200), st.lists(st.sampled_from(BITS), max_size=80).map("".join),
                 st.integers(1, 20_000).map(lambda n: "a = " + "[" * n),
                 st.integers(1, 3000).map(lambda n: "a = " + "{ b = " * n),
                 st.integers(4000, 9000).map(lambda n: "[squads.a]\nelement = " + "7" * n)))
def test_any_text_is_read_or_refused(text):
    assert_refused_in_lines(text)


def test_huge_files_are_refused_before_parsing():
    with pytest.raises(BadCards, match="too large"):
        read_squads("#" * (MAX_TEXT * 3))
    with pytest.raises(BadCards, match="not text"):
        read_squads(b"[squads]")


# --- a battle with a saved squad ----------------------------------------------------------------------

def finish(setup: dict, seed: int = 11) -> Session:
    session = Session.start("autobattle", seed=seed, setup=setup)
    while session.outcome is None:
        session.advance()
    return session


def test_a_battle_with_a_saved_squad_carries_it_and_replays_from_its_link_alone():
    saved = {"mine": squad_like("antler_kin"), "unused": squad_like("harvest_militia", "unused")}
    setup = battle_setup([["mine", "ashen_cabal"], ["rotfen_brood"]], saved)
    assert setup["content"] == {"cards": {}, "squads": {"mine": saved["mine"].to_data()}}
    session = finish(setup)
    again = Session.replay(decode_link(encode_link(session.record)))
    assert again.digest() == session.digest()


def test_the_setup_is_the_one_play_cards_builds_from_the_exported_file(tmp_path):
    saved = {"mine": squad_like("antler_kin"), "yours": squad_like("nightveil_host", "yours")}
    path = tmp_path / SOURCE
    path.write_text(write_squads(saved), "utf-8")
    decks = [["mine"], ["yours", "ashen_cabal"]]
    options = Session.start("autobattle", seed=3).record.options
    from_cli = RULESET.build_setup(options, 3, dict(enumerate(decks)), path)
    assert RULESET.check_setup(battle_setup(decks, saved), options) == from_cli


def test_a_battle_of_starter_squads_carries_nothing():
    assert battle_setup([["antler_kin"], ["ashen_cabal"]], {"mine": squad_like("antler_kin")}) == \
        {"decks": [["antler_kin"], ["ashen_cabal"]]}


def test_every_element_has_a_hero_to_start_a_draft_with():
    assert all(any(c.type == "hero" and c.element == e for c in STARTER.cards.values()) for e in ELEMENTS)
