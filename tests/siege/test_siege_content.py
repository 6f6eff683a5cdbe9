"""Siege content files (issue 23 §2, P2-22): a card file's new cards play. A custom Lv4 card's field
`a/b` is used left then right whichever way it is written (F2-4, S2-R23); `play --cards FILE` puts the
new cards the played deck holds into the setup, so the record and its link replay with no file; a
file never replaces a starter card; bad carried content is one BadSetup line."""

import json

import pytest

from engine.cli import main
from engine.core import BadSetup, Record, Session, decode_link, encode_link, get_ruleset
from engine.core.bots import make_bot
from engine.core.tomlwrite import dump_tables
from engine.rulesets.siege.cards import builtin_content

from siege_helpers import of

RULESET = get_ruleset("siege")
STARTER = builtin_content()
WREN = {"en": "Wren", "ja": "レン", "ru": "Рен"}
REACH = {"offsets": [[1, 0], [2, 0]], "name": {"en": "Reach", "ja": "リーチ", "ru": "Досяг"}}
STEP = {"category": "spade", "zone": "battlefield", "type": "activated", "cost": 1, "effect": "boost", "amount": 2,
        "target": "self", "name": {"en": "Quick Step", "ja": "早足", "ru": "Быстрый шаг"},
        "text": {"en": "Pay 1 AP: +2.", "ja": "AP1：+2。", "ru": "1 ОД: +2."}}


def wren(level: int, enhance: str | None = None, abilities=()) -> dict:
    """A Main card named Wren (a new name, range and ability)."""
    card = {"kind": "main", "name": "wren", "title": {"en": f"Wren {level}", "ja": f"レン{level}", "ru": f"Рен {level}"},
            "level": level, "hp": 6, "atk": 3, "mat": 0, "def": 1, "mdf": 0, "range": "reach", "cost": level + 1,
            "weapon": "spear", "attribute": "wind", "abilities": list(abilities)}
    if enhance:
        card["enhance"] = enhance
    return card


def new_cards(field: str = "1/2") -> dict:
    return {"names": {"wren": WREN}, "ranges": {"reach": REACH}, "abilities": {"quick_step": STEP},
            "cards": {"wren_1": wren(1, abilities=["quick_step"]), "wren_4": wren(4, field)}}


def band() -> dict:
    """Vanguard of the Pass with the Field Medics swapped for Wren's cards: 54 cards."""
    cards = {c: n for c, n in STARTER.decks["vanguard"].cards.items() if c != "medic"}
    return {"side": "player", "name": {"en": "Wren's Band", "ja": "レンの一団", "ru": "Отряд Рен"},
            "cards": {**cards, "wren_1": 2, "wren_4": 1}}


def card_file(tmp_path, field: str = "1/2", **extra) -> str:
    path = tmp_path / "wren.toml"
    path.write_text(dump_tables({**new_cards(field), "decks": {"wren_band": band()}, **extra}), "utf-8")
    return str(path)


def options() -> dict:
    return Session.start("siege", seed=1).record.options


@pytest.mark.parametrize("field, uses, values", [("1/2", 2, [1, 2]), ("2/1", 1, [2])])
def test_F2_4_S2_R23_a_custom_lv4_field_is_used_left_then_right(field, uses, values):
    """Wren (ATK 3) needs +2 to defeat a Footman (HP 4, DEF 1): written 1/2 that takes two uses
    (1, then 2); written 2/1 the first use already gives 2."""
    position = {"player": ["nameless_footman@3,1 def hp=4 max=4"], "automaton": ["wren_4@2,1"], "from": "attack"}
    session = Session.start("siege", seed=1, setup={"position": position, "content": new_cards(field)})
    events = [e.to_data() for e in session.advance()]
    enhance = of(events, "S2-R23")[0]
    assert enhance["kind"] == "attack_enhance" and enhance["uses"] == uses and enhance["mp"] == 4 - uses
    assert [r["values"] for r in enhance["reasons"] if r["rule"] == "S2-R23"] == [values]
    assert of(events, "F2-1")[0]["attack"] == 3 + sum(values)
    assert of(events, "F2-5")[0]["hp"] == 0 and session.state.unit(1).mp == 4 - uses


@pytest.mark.parametrize("field, first, both", [("1/2", 1, 3), ("2/1", 2, 3)])
def test_F2_4_the_players_custom_lv4_card_adds_left_then_right(field, first, both):
    """The player's Wren attacking the Base with one use adds the left value; with two, both."""
    for uses, bonus in ((1, first), (2, both)):
        position = {"player": ["wren_4@2,1"], "from": "main", "hand": {"player": ["wren_1", "wren_1"]}}
        session = Session.start("siege", seed=1, setup={"position": position, "content": new_cards(field)})
        legal = [a for a in session.decision.legal[0] if a[0] == "attack" and a[3] == "base" and a[4] == uses]
        assert legal, "the Base is in Wren's range"
        events = [e.to_data() for e in session.submit(0, legal[0])]
        assert of(events, "F2-1")[0]["attack"] == 3 + bonus
        assert [e["kind"] for e in events].count("enhance_cost") == uses      # one Wren card paid per use


def test_P2_22_play_cards_carries_the_new_cards_and_its_link_replays_without_the_file(tmp_path):
    path = card_file(tmp_path)
    setup = RULESET.build_setup(options(), 3, {0: ["wren_band"]}, path)
    carried = setup["content"]
    assert set(carried) == {"names", "ranges", "abilities", "cards", "decks"}
    assert carried["cards"] == {"wren_1": wren(1, abilities=["quick_step"]), "wren_4": wren(4, "1/2")}
    assert carried["names"] == {"wren": WREN} and carried["ranges"] == {"reach": REACH}
    assert carried["abilities"] == {"quick_step": STEP} and list(carried["decks"]) == ["wren_band"]
    session = Session.start("siege", seed=3, options=options(), setup=setup)
    assert sum(c.defn.id.startswith("wren") for c in session.state.sides[0].deck) == 3
    session.run({0: make_bot(RULESET, "sensible")})
    assert session.outcome is not None
    again = Session.replay(decode_link(encode_link(session.record)))       # no file anywhere
    assert again.digest() == session.digest()
    assert Session.replay(Record.from_json(session.record.to_json())).digest() == session.digest()


def test_P2_22_play_cards_on_the_command_line_writes_a_record_that_replays(tmp_path, capsys):
    path, out = card_file(tmp_path, "2/1"), tmp_path / "game.json"
    assert main(["play", "siege", "--cards", path, "--deck", "0=wren_band", "--seed", "5", "--record", str(out)]) == 0
    record = json.loads(out.read_text("utf-8"))
    assert record["setup"]["content"]["cards"]["wren_4"]["enhance"] == "2/1"
    (tmp_path / "wren.toml").unlink()
    capsys.readouterr()
    assert main(["replay", str(out)]) == 0


def test_P2_22_a_starter_deck_from_a_card_file_carries_nothing(tmp_path):
    assert RULESET.build_setup(options(), 3, {0: ["arcane"]}, card_file(tmp_path)) == {"decks": ["arcane", "horde"]}


def test_P2_22_a_card_file_may_not_replace_a_starter_card(tmp_path, capsys):
    ember = dict(STARTER.cards["ember_1"].to_file(), atk=9)
    path = card_file(tmp_path, cards={**new_cards()["cards"], "ember_1": ember})
    assert main(["cards", "validate", path]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert "wren.toml: cards.ember_1: id: is a starter card's id: a card file adds cards, it does not replace " \
           "them; choose another id" in [line.removeprefix("error: ") for line in lines]
    carried = {"decks": ["wren_band", "horde"],
               "content": {**new_cards(), "cards": {**new_cards()["cards"], "ember_1": ember},
                           "decks": {"wren_band": band()}}}
    with pytest.raises(BadSetup, match="cards.ember_1: id: is a starter card's id"):
        RULESET.check_setup(carried, options())


def test_cards_validate_names_file_card_field(tmp_path, capsys):
    path = card_file(tmp_path, "1/0")
    assert main(["cards", "validate", path]) == 2
    err = capsys.readouterr().err
    assert "wren.toml: cards.wren_4: enhance: must be 'a/b' with a and b from 1 to 9 (F2-4); got '1/0'" in err


GOOD = {"decks": ["wren_band", "horde"], "content": {**new_cards(), "decks": {"wren_band": band()}}}


def bad(**content) -> dict:
    return {"decks": ["wren_band", "horde"], "content": {**GOOD["content"], **content}}


@pytest.mark.parametrize("setup, complaint", [
    (bad(cards={"wren_1": wren(1, abilities=["quick_step"])}), "decks.wren_band: cards.wren_4: unknown card"),
    (bad(ranges={}), "cards.wren_1: range: must be the id of a range"),
    (bad(cards={**new_cards()["cards"], "wren_4": wren(4)}), "cards.wren_4: enhance: a Lv4 Main card needs"),
    (bad(names={f"n{i}": WREN for i in range(121)}), "at most 120 names; this one has 121 (P2-22)"),
    (bad(cards=[]), "must be an object with some of the tables"),
    (bad(heroes={}), "must be an object with some of the tables"),
    ({"decks": ["wren_band", "horde"], "content": new_cards()}, "must carry the deck it plays"),
    ({"position": {"player": ["wren_1@3,1"]}, "content": {**new_cards(), "decks": {"wren_band": band()}}},
     "a position plays no decks"),
    ({"position": {"player": ["wren_1@3,1"]}}, "unknown card 'wren_1'"),
])
def test_P2_22_bad_carried_content_is_one_line(setup, complaint):
    with pytest.raises(BadSetup, match=complaint.replace("(", "\\(").replace(")", "\\)")) as error:
        RULESET.check_setup(setup, options())
    assert "\n" not in str(error.value) and str(error.value).isprintable()


def test_P2_22_good_carried_content_is_kept_as_given():
    assert RULESET.check_setup(GOOD, options()) == GOOD
    position = {"position": {"player": ["wren_1@3,1"]}, "content": new_cards()}
    assert RULESET.check_setup(position, options())["content"] == new_cards()
