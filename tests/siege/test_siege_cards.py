"""Siege card files: the starter content, a user's file, one-line problems naming file, table and
field, and hostile input (hypothesis) that either loads or is refused, never a traceback."""

from pathlib import Path

import pytest
from hypothesis import event, given, settings, strategies as st

from engine.cli import main
from engine.core import BadCards, canonical_json
from engine.rulesets.siege.cards import builtin_content, content_from_data, parse_content
from tests.strategies import spliced

HERE = Path(__file__).parent
USER = (HERE / "user_cards.toml").read_text("utf-8")


def load(text, source="fuzz.toml"):
    return parse_content(text, source, builtin_content())


def test_starter_content_has_40_cards_over_names_levels_and_kinds():
    content = builtin_content()
    assert len(content.cards) >= 40
    kinds = {c.kind for c in content.cards.values()}
    assert kinds == {"main", "support", "nameless"}
    ember = sorted(c.level for c in content.cards.values() if c.name == "ember")
    assert ember == [1, 2, 3, 4]
    assert {c.level for c in content.cards.values() if c.kind == "support"} <= {2, 3}
    assert content.cards["ember_4"].enhance == (2, 1) and content.cards["ember_3"].enhance == (2,)
    for card in content.cards.values():
        names = content.names[card.name] if card.name else card.title
        assert set(names) == {"en", "ja", "ru"}
    assert {d.side for d in content.decks.values()} == {"player", "automaton"}


def test_F2_7_deck_limits_are_checked():
    """F2-7: 50 to 60 cards, at most 3 per level of a name."""
    bad = USER.replace("nameless_spear = 2", "nameless_spear = 2, ember_1 = 1")
    with pytest.raises(BadCards) as caught:
        load(bad)
    assert any("TOML" in p or "at most 3" in p for p in caught.value.problems)
    small = USER.replace(", medic = 3, rider = 3, nameless_spear = 2", "")
    with pytest.raises(BadCards, match="50 to 60 cards"):
        load(small)


def test_a_users_file_is_valid_and_validated_by_the_cli(tmp_path, capsys):
    content = load(USER, "user_cards.toml")
    assert sum(content.decks["wren_band"].cards.values()) == 50
    path = tmp_path / "wren.toml"
    path.write_text(USER, encoding="utf-8")
    assert main(["cards", "validate", str(path)]) == 0
    path.write_text(USER.replace('enhance = "2"', 'enhance = "2/1"'), encoding="utf-8")
    assert main(["cards", "validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "wren.toml: cards.wren_3: enhance: must be 'a' with a from 1 to 9 (F2-4)" in err


@pytest.mark.parametrize("field, value, message", [
    ("level", "5", "level: must be a whole number from 1 to 4"),
    ("range", '"laser"', "range: must be the id of a range"),
    ("kind", '"boss"', "kind: must be one of main, support, nameless"),
    ("hp", "0", "hp: must be a whole number from 1 to 20"),
    ("abilities", '["fly"]', "abilities: must list at most 4 ids"),
])
def test_bad_card_fields_are_one_line_problems(field, value, message):
    lines = USER.splitlines()
    start = lines.index("[cards.wren_1]")
    index = next(i for i in range(start, len(lines)) if lines[i].startswith(f"{field} ="))
    lines[index] = f"{field} = {value}"
    with pytest.raises(BadCards) as caught:
        load("\n".join(lines))
    assert any(p.startswith("fuzz.toml: cards.wren_1: ") and message in p for p in caught.value.problems)


TOML_BITS = ["[", "]", "{", "}", "=", '"', "'", "\\", "\n", "#", ",", ".", "a", "cards", "decks", "names",
             "abilities", "ranges", "nan", "inf", "1e999", "9" * 25, "true", "1979-05-27", " ", "\x00", "名", "/",
             "-1", "0", "3/", "spade"]


def file_or_refusal(text):
    try:
        content = load(text)
    except BadCards as error:
        assert error.problems and all(line.isprintable() and line.startswith("fuzz.toml: ")
                                      for line in error.problems)
        event("refused")
        return
    for card in content.cards.values():
        canonical_json(card.to_data())
    event("loaded")


@settings(max_examples=150, deadline=None)
@given(spliced(USER, TOML_BITS, edits=3, cut=4))
def test_mutated_card_files_load_or_are_bad_cards(text):
    file_or_refusal(text)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(TOML_BITS), max_size=60).map("".join))
def test_any_text_as_a_card_file_loads_or_is_bad_cards(text):
    file_or_refusal(text)


ODD = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(), st.text(max_size=8)),
                   lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner,
                                                                                        max_size=4)), max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["names", "ranges", "abilities", "cards", "decks"]), st.text(max_size=12), ODD)
def test_any_data_in_a_table_is_validated_not_crashed_on(table, item, value):
    try:
        content_from_data({table: {item: value}}, "fuzz", builtin_content())
    except BadCards as error:
        assert all(line.isprintable() for line in error.problems)
