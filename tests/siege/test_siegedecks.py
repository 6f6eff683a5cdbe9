"""The siege deck builder's pure Python (ui/games/siege/deckfile.py): drafts judged by the engine's own deck
checks with the very lines `python -m engine cards validate` prints (F2-7, F2-8), written files read
back as the same decks, stored and imported text refused in printable lines (never another
exception), and a game with a saved deck carrying it in the record as `play siege --cards` does."""

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from engine.core import BadCards, Session, decode_link, encode_link, get_ruleset
from engine.core.bots import make_bot
from engine.core.carddata import ID_MESSAGE
from engine.core.tomlwrite import dump_tables
from engine.rulesets.siege.cards import MAX_COPIES, builtin_content, parse_content
from ui.games.siege.deckfile import DECKS, Draft, battle_setup, card_rows
from tests.card_files import read_or_refused
from tests.strategies import spliced

SOURCE, STORED, MAX_SAVED, MAX_TEXT = DECKS.source, DECKS.stored, DECKS.max_saved, DECKS.max_text
read_decks, write_decks, load_saved, slug = DECKS.read, DECKS.write, DECKS.load_saved, DECKS.slug

ROOT = Path(__file__).resolve().parents[2]
FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STARTER = builtin_content()
RULESET = get_ruleset("siege")
NAME = {"en": "Ember Host", "ja": "エンバー軍", "ru": "Войско Эмбер"}
VALID_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=60).filter(str.strip)
IDS = st.from_regex(r"[a-z0-9_-]{1,40}", fullmatch=True).filter(lambda i: i not in STARTER.decks)


def deck_like(starter_id: str = "vanguard", deck_id: str = "mine", name=None):
    """A saved deck with a starter deck's cards under its own id and name."""
    text = name or NAME["en"]
    return Draft(deck_id, dict(name) if isinstance(name, dict) else {"en": text, "ja": text, "ru": text},
                 dict(STARTER.decks[starter_id].cards)).checked()


def assert_refused_in_lines(text, source="fuzz.toml", note=event):
    """`read_decks(text)` gives decks or BadCards of printable lines naming the source (tests/card_files.py)."""
    return read_or_refused(DECKS, text, source, note)


def cli_validate(path) -> list[str]:
    """The problem lines the command line prints for a file (its closing `error:` line left out)."""
    result = subprocess.run([sys.executable, "-m", "engine", "cards", "validate", str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    return [line for line in result.stderr.splitlines() if not line.startswith("error: ")]


# --- drafts: the engine's deck checks, their own lines ------------------------------------------------

@pytest.mark.needs_subprocess
def test_a_draft_has_exactly_the_lines_the_command_line_prints_for_the_same_file(tmp_path):
    draft = Draft("half", {"en": "Half", "ja": "半分", "ru": "Половина"})
    for card in ("ember_2", "ember_2", "ember_3", "nameless_spear", "witch"):
        draft.add(card)
    lines = draft.problems()
    path = tmp_path / SOURCE
    path.write_text(dump_tables({"decks": {draft.id: draft.data()}}), "utf-8")
    assert lines == cli_validate(path) == RULESET.validate_cards(path)
    assert lines == [f"{SOURCE}: decks.half: cards: a deck holds 50 to 60 cards (F2-7); this one has 5",
                     f"{SOURCE}: decks.half: cards: a player's deck needs a Lv1 Main card for its Commander (F2-8)"]


@pytest.mark.parametrize("counts, fragment", [
    ({}, "cards: must be a table of card id = copies"),
    ({**STARTER.decks["vanguard"].cards, "bearer": 1, "witch": 3, "nameless_spear": 3}, "this one has 61"),
    ({c: n for c, n in STARTER.decks["arcane"].cards.items() if c not in ("witch", "nameless_archer")}, "this one has 48"),
    ({c: n for c, n in STARTER.decks["arcane"].cards.items() if c != "witch"}, None),       # 51 cards: valid
])
def test_deck_sizes_get_the_validators_lines(tmp_path, counts, fragment):
    draft = Draft("d", dict(NAME), dict(counts))
    path = tmp_path / SOURCE
    path.write_text(dump_tables({"decks": {"d": draft.data()}}), "utf-8")
    assert draft.problems() == RULESET.validate_cards(path)
    if fragment is None:
        assert draft.problems() == [] and draft.checked().cards == counts
    else:
        assert any(fragment in line for line in draft.problems()), draft.problems()


def test_a_deck_of_54_starter_cards_with_a_lv1_main_card_is_valid_and_becomes_a_deck():
    deck = deck_like("arcane", "bog")
    assert deck.id == "bog" and deck.side == "player" and deck.cards == STARTER.decks["arcane"].cards


def test_a_card_is_added_at_most_three_times_and_removed_one_copy_at_a_time():
    draft = Draft()
    assert [draft.add("ember_1") for _ in range(MAX_COPIES + 1)] == [True] * MAX_COPIES + [False]
    assert not draft.add("no_such_card") and draft.total() == 3
    assert draft.remove("ember_1") and not draft.remove("thorn_1")
    assert draft.counts == {"ember_1": 2}
    draft.remove("ember_1"), draft.remove("ember_1")
    assert draft.counts == {}


def test_more_than_three_copies_in_a_file_get_the_f2_7_line():
    draft = Draft("d", dict(NAME), {**STARTER.decks["vanguard"].cards, "ember_1": 4})
    assert f"{SOURCE}: decks.d: cards.ember_1: copies must be a whole number from 1 to 3 (F2-7)" in draft.problems()


def test_a_draft_named_like_a_starter_deck_or_with_a_bad_id_is_refused():
    draft = Draft("vanguard", dict(NAME), dict(STARTER.decks["vanguard"].cards))
    assert draft.problems() == [f"{SOURCE}: decks.vanguard: id: is a starter deck's id; choose another"]
    with pytest.raises(BadCards):
        draft.checked()
    assert Draft("Bad Id").problems() == [f"{SOURCE}: decks.Bad Id: id: {ID_MESSAGE}"]


def test_names_follow_each_other_until_one_language_is_given_its_own():
    draft = Draft()
    draft.set_name("Host", "en")
    assert draft.name == {"en": "Host", "ja": "Host", "ru": "Host"}
    draft.name = {"en": "Host", "ja": "軍", "ru": ""}
    draft.set_name("Ember Host", "en")
    assert draft.name == {"en": "Ember Host", "ja": "軍", "ru": "Ember Host"}
    draft.set_name("x\ud800y", "ru")
    assert draft.name["ru"] == "x\ufffdy"


@pytest.mark.parametrize("name, expected", [("Ember Host!", "ember_host"), ("  --  ", "my_deck"), ("軍", "my_deck")])
def test_slug(name, expected):
    assert slug(name) == expected


def test_the_card_list_is_every_starter_card_by_name_then_level_in_the_pages_language():
    rows = card_rows("ja")
    assert sorted(row["id"] for row in rows) == sorted(STARTER.cards)
    assert rows[0] == {"id": "ember_1", "name": STARTER.card_name("ember_1", "ja"), "level": 1, "kind": "main"}
    assert [row["level"] for row in rows[:4]] == [1, 2, 3, 4]
    assert all(row["kind"] == "nameless" for row in rows[-4:])


# --- files and storage: written, read back, refused ---------------------------------------------------

@FAST
@given(st.lists(st.tuples(IDS, st.sampled_from(["vanguard", "arcane"]), VALID_TEXT), min_size=1, max_size=4,
                unique_by=lambda item: item[0]))
def test_saved_decks_written_then_read_are_the_same_decks(entries):
    decks = {deck_id: deck_like(starter, deck_id, name) for deck_id, starter, name in entries}
    text = write_decks(decks)
    assert read_decks(text) == decks
    assert parse_content(text, SOURCE, STARTER).decks == decks        # what `play siege --cards` reads


def test_an_export_is_valid_for_cards_validate(tmp_path):
    path = tmp_path / SOURCE
    path.write_text(write_decks({"a": deck_like("vanguard", "a"), "b": deck_like("arcane", "b")}), "utf-8")
    assert RULESET.validate_cards(path) == []


@pytest.mark.parametrize("text, fragment", [
    ("x" * (MAX_TEXT + 1), "too large"),
    ('[decks.a]\nside = "\ud800"\n', "not valid Unicode text"),
    ("[decks.a]\nside = " + "9" * 5000 + "\n", "a number has too many digits"),
    ("a = " + "[" * 5000, "nested too deeply"),
    ("[decks.a]\nside = nan\n", "decks.a: side: must be one of"),
    ("[decks", "not valid TOML"),
    ('[cards.x]\nkind = "main"\n', "this editor keeps decks of starter cards only"),
    ("[decks.vanguard]\n", "is a starter deck's id"),
    ('[decks.a]\nside = "automaton"\n', "this editor keeps the player's decks only"),
    ("".join(f"[decks.s{i}]\n" for i in range(MAX_SAVED + 1)), f"at most {MAX_SAVED} decks"),
    ("decks = 3\n", "decks: -: must be a table of tables"),
    ('[decks.a]\nside = "player"\ncards = { ember_1 = -1, ember_2 = 1.5, ember_3 = 99999999999999999999 }\n',
     "copies must be a whole number from 1 to 3"),
], ids=["huge", "surrogate", "long-number", "deep", "nan", "truncated", "cards", "starter-id", "automaton",
        "too-many", "not-table", "odd-numbers"])
def test_bad_files_are_refused_with_a_line_saying_why(text, fragment):
    with pytest.raises(BadCards) as caught:
        read_decks(text, "bad.toml")
    assert any(fragment in line for line in caught.value.problems), caught.value.problems
    assert_refused_in_lines(text, "bad.toml", note=lambda _: None)


def test_a_file_with_a_good_and_a_bad_deck_gives_nothing():
    good = write_decks({"good": deck_like("vanguard", "good")})
    with pytest.raises(BadCards):
        read_decks(good + '\n[decks.bad]\nside = "player"\n')


def test_stored_text_gives_decks_or_one_line_why_not():
    decks = {"mine": deck_like()}
    assert load_saved(write_decks(decks)) == (decks, None)
    assert load_saved(None) == ({}, None) and load_saved("") == ({}, None)
    found, problem = load_saved("[decks.mine]\nside = 7\n" + "".join(f"\n[decks.x{i}]\n" for i in range(3)))
    assert found == {} and problem.startswith(f"{STORED}: decks.mine: side: ") and problem.isprintable()
    assert "more)" in problem


EXPORT = write_decks({"mine": deck_like(), "yours": deck_like("arcane", "yours", "Yours")})
BITS = ["[", "]", "{", "}", "=", '"', "'", "\\", "\\u", "\n", "#", ",", ".", "decks", "cards", "side", "nan", "inf",
        "1e999", "9" * 30, "-0", "-1", "0", "4", "1.5", "true", "1979-05-27", "\x00", "\ud800", "\udcff", "名",
        "\u2028"]


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
                 st.integers(1, 3000).map(lambda n: "[decks.a]\ncards = " + "{ b = " * n),
                 st.integers(4000, 9000).map(lambda n: "[decks.a]\ncards = { ember_1 = " + "7" * n + " }"),
                 st.integers(-10**30, 10**30).map(lambda n: f'[decks.a]\nside = "player"\ncards = {{ ember_1 = {n} }}')))
def test_any_text_is_read_or_refused(text):
    assert_refused_in_lines(text)


def test_huge_files_are_refused_before_parsing():
    with pytest.raises(BadCards, match="too large"):
        read_decks("#" * (MAX_TEXT * 3))
    with pytest.raises(BadCards, match="not text"):
        read_decks(b"[decks]")


# --- a game with a saved deck ---------------------------------------------------------------------------

def finish(setup: dict, seed: int = 11) -> Session:
    session = Session.start("siege", seed=seed, setup=setup)
    session.run({0: make_bot(RULESET, "sensible")})
    return session


def test_a_game_with_a_saved_deck_carries_it_and_replays_from_its_link_alone():
    saved = {"mine": deck_like("arcane"), "unused": deck_like("vanguard", "unused")}
    setup = battle_setup("mine", saved)
    assert setup == {"decks": ["mine", "horde"], "content": {"decks": {"mine": saved["mine"].to_data()}}}
    session = finish(setup)
    assert session.outcome is not None
    again = Session.replay(decode_link(encode_link(session.record)))
    assert again.digest() == session.digest()


def test_the_setup_is_the_one_play_cards_builds_from_the_exported_file(tmp_path):
    saved = {"mine": deck_like("vanguard"), "yours": deck_like("arcane", "yours")}
    path = tmp_path / SOURCE
    path.write_text(write_decks(saved), "utf-8")
    options = Session.start("siege", seed=3).record.options
    from_cli = RULESET.build_setup(options, 3, {0: ["yours", "horde"]}, path)
    assert RULESET.check_setup(battle_setup("yours", saved), options) == from_cli


def test_a_game_with_a_starter_deck_carries_nothing():
    assert battle_setup("vanguard", {"mine": deck_like()}) == {"decks": ["vanguard", "horde"]}
    assert battle_setup("arcane", {}, "horde") == {"decks": ["arcane", "horde"]}


# --- the panel's template and module agree ---------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_the_panel_template_has_every_element_the_panel_module_finds(lang):
    import re
    jinja2 = pytest.importorskip("jinja2")
    from ui.words import message
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(ROOT / "build" / "templates"), autoescape=True,
                             undefined=jinja2.StrictUndefined)
    html = env.get_template("games/siege/decks.html").render(t=lambda key, **values: message("page", key, lang, **values))
    ids = set(re.findall(r'id="([a-z-]+)"', html))
    # the panel and the shared half it subclasses (ui/saved_files.py) name elements sd-… and words sd_…
    code = "\n".join((ROOT / "ui" / name).read_text("utf-8") for name in ("games/siege/deck_editor.py", "saved_files.py"))
    wanted = set(re.findall(r'(?:find|clone|bind)\("(sd-[a-z-]+)"', code))
    wanted |= {f"sd-{name}" for name in re.findall(r'self\.el\("([a-z-]+)"\)', code)}
    assert {"sd-pool", "sd-export", "sd-import-problems"} <= wanted <= ids, sorted(wanted - ids)
    keys = set(re.findall(r'message\("page", "([a-z_]+)"', code))
    keys |= {f"sd_{key}" for key in re.findall(r'self\.word\("([a-z_]+)"', code)}
    keys |= {f"sd_{action}_deck" for action in ("edit", "delete")} | {"sd_your_decks"}
    assert {"sd_saved_ok", "sd_import_bad", "sd_deck_cards"} <= keys
    for key in keys:
        assert message("page", key, lang, name="n", count=1, file="f", size=1, limit=1, low=1, high=2, reason="r",
                       level=1)
    assert "sd-row" in ids and "sd-saved-row" in ids and html.count("disabled") >= 6
