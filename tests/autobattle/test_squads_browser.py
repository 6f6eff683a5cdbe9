"""The autobattle squad editor in Chromium: a squad built by clicks, checked by the engine's own
validator (the same lines `python -m engine cards validate` prints), saved, used in a battle whose
share link replays in a fresh browser (without the squad saved there) and on the CLI to the same
digest; export and import as card files; a bad import, bad stored data and a full storage said in
words; a phone's width and the keyboard; axe-core on the editor's states."""

import json
import subprocess
import sys

import pytest

from engine.core.tomlwrite import dump_tables
from engine.rulesets.autobattle.cards import builtin_content

from tests.e2e.support import ROOT, Tab, assert_no_serious_axe_violations, engine_cli

pytestmark = pytest.mark.needs_subprocess  # a browser, a build and `python -m engine` processes

STARTER = builtin_content()
ROTFEN = STARTER.squads["rotfen_brood"]
# A squad of swamp cards unlike any starter squad: Rotfen Brood's, with a second Peat Troll for its scavenger.
CARDS = [card if card != "mudlark_scavenger" else "peat_troll" for card in ROTFEN.cards]
SEED = 5
OPPONENT = "ashen_cabal"
STORAGE_KEY = "skirmish.autobattle.squads"


# --- helpers ---------------------------------------------------------------------------------------

def open_editor(tab: Tab) -> None:
    tab.goto("index.html#/autobattle")
    tab.page.click("#sq-editor > summary")
    tab.page.wait_for_selector("#sq-name:enabled")


def add(tab: Tab, card_id: str) -> None:
    tab.page.click(f'#sq-pool button[data-add="{card_id}"]')


def problems(tab: Tab) -> list[str]:
    return [line.strip() for line in tab.page.locator("#sq-problems li").all_text_contents()]


def cli_validate(path) -> list[str]:
    """The problem lines `python -m engine cards validate PATH` prints (its closing `error:` line left out)."""
    result = subprocess.run([sys.executable, "-m", "engine", "cards", "validate", str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    return [line for line in result.stderr.splitlines() if not line.startswith("error: ")]


def to_end(tab: Tab) -> str:
    tab.page.click("#to-end")
    tab.page.wait_for_selector("#outcome[data-digest]", state="visible")
    return tab.page.get_attribute("#outcome", "data-digest")


def build_bog_band(tab: Tab) -> None:
    """Name, element, hero and seven cards, by clicks."""
    page = tab.page
    page.fill("#sq-name", "Bog Band")
    page.select_option("#sq-element", "swamp")
    page.select_option("#sq-hero", ROTFEN.hero)
    for card in CARDS:
        add(tab, card)


def saved_options(tab: Tab, select: str = "#side-0-squad-1") -> list[str]:
    return tab.page.eval_on_selector_all(f"{select} optgroup.sq-saved option", "nodes => nodes.map(n => n.value)")


# --- the test ----------------------------------------------------------------------------

def test_a_squad_built_by_clicks_is_checked_saved_battled_and_its_link_replays_anywhere(open_page, tmp_path):
    tab = open_page("squad-build")
    open_editor(tab)
    page = tab.page
    page.fill("#sq-name", "Bog Band")
    assert page.input_value("#sq-id") == "bog_band"          # the id follows the name
    page.select_option("#sq-element", "swamp")
    assert page.input_value("#sq-hero") in {c.id for c in STARTER.cards.values() if c.element == "swamp"}
    page.select_option("#sq-hero", ROTFEN.hero)
    # Only the squad's element and neutral cards are offered.
    assert page.is_visible('#sq-pool li[data-card="peat_troll"]')
    assert page.is_visible('#sq-pool li[data-card="hired_sellsword"]')
    assert not page.is_visible('#sq-pool li[data-card="crag_ram"]')

    # Three cards in, a hero that is not the squad's: the page's lines are `cards validate`'s.
    for card in CARDS[:3]:
        add(tab, card)
    assert tab.text("#sq-count") == "3 of 7 cards"
    assert tab.text(f'#sq-pool li[data-card="{CARDS[0]}"] .count') == "1"
    draft = {"element": "swamp", "name": {"en": "Bog Band", "ja": "Bog Band", "ru": "Bog Band"},
             "hero": ROTFEN.hero, "cards": CARDS[:3]}
    path = tmp_path / "squads.toml"
    path.write_text(dump_tables({"squads": {"bog_band": draft}}), "utf-8")
    lines = problems(tab)
    assert lines and lines == cli_validate(path)
    assert "must list exactly 7 card ids" in lines[0]
    assert_no_serious_axe_violations(tab, "squad editor with problems")

    for card in CARDS[3:]:
        add(tab, card)
    assert tab.text("#sq-count") == "7 of 7 cards"
    assert problems(tab) == [] and "No problems" in tab.text("#sq-check-head")
    page.click("#sq-save")
    assert "Saved “Bog Band”" in tab.text("#sq-status")
    assert page.locator("#sq-saved li").count() == 1 and not page.is_visible("#sq-none")
    assert all(saved_options(tab, f"#side-{seat}-squad-{slot}") == ["bog_band"] for seat in (0, 1) for slot in (1, 2, 3))
    assert_no_serious_axe_violations(tab, "squad editor with a saved squad")

    # Export: the download is a card file the CLI accepts and plays.
    page.click("#sq-export")
    with page.expect_download() as caught:
        page.click("#sq-download")
    exported = tmp_path / "exported.toml"
    caught.value.save_as(exported)
    assert exported.read_text("utf-8") == page.input_value("#sq-export-text")
    assert "ok:" in engine_cli("cards", "validate", str(exported))

    # The battle, and its share link.
    for seat, squad in ((0, "bog_band"), (1, OPPONENT)):
        page.select_option(f"#side-{seat}-squad-1", squad)
        for slot in (2, 3):
            page.select_option(f"#side-{seat}-squad-{slot}", "")
    page.fill("#seed", str(SEED))
    page.click("#start")
    page.wait_for_selector("#player", state="visible")
    assert not tab.visible("#form-error"), tab.text("#form-error")
    digest = to_end(tab)
    page.click("#share")
    page.wait_for_function("document.getElementById('share-link').value.length > 0")
    link = page.input_value("#share-link")
    tab.assert_clean()

    report = json.loads(engine_cli("replay", link, "--json"))
    assert report["digest"] == digest
    played = json.loads(engine_cli("play", "autobattle", "--cards", str(exported), "--deck", "0=bog_band",
                                   "--deck", f"1={OPPONENT}", "--seed", str(SEED), "--json"))
    assert played["digest"] == digest

    fresh = open_page("squad-link")
    fresh.goto(link)
    fresh.page.wait_for_selector("#player", state="visible")
    assert not fresh.visible("#link-error"), fresh.text("#link-error")
    assert fresh.page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')") is None    # nothing saved there
    assert to_end(fresh) == digest
    assert "Bog Band" in fresh.text("#side-0 .squads")        # its name travelled in the record
    fresh.assert_clean()


# --- import, storage ---------------------------------------------------------------------------------

BAD_FILE = """# two squads: one good, one bad; neither may be kept
[squads.good_one]
element = "forest"
name = { en = "Good One", ja = "Good One", ru = "Good One" }
hero = "elder_grove_warden"
cards = ["mossback_tortoise", "sapling_sprite", "thornback_boar", "grove_shaman", "rootbound_colossus", "whispering_canopy", "bloomtide_glade"]

[squads.bad_one]
element = "forest"
name = { en = "Bad One", ja = "", ru = "Bad One" }
hero = "no_such_hero"
cards = ["crag_ram", "crag_ram", "crag_ram", "moonpelt_wolf", "moonpelt_wolf", "briar_archer", "x<b>y</b>"]
colour = "green"
"""


def test_a_bad_import_shows_the_validators_lines_and_keeps_nothing(open_page, tmp_path):
    tab = open_page("squad-import")
    open_editor(tab)
    page = tab.page
    page.set_input_files("#sq-import", files=[{"name": "bad.toml", "mimeType": "text/plain",
                                               "buffer": BAD_FILE.encode("utf-8")}])
    page.wait_for_selector("#sq-import-error", state="visible")
    shown = [line.strip() for line in page.locator("#sq-import-problems li").all_text_contents()]
    path = tmp_path / "bad.toml"
    path.write_text(BAD_FILE, "utf-8")
    expected = cli_validate(path)
    assert len(expected) >= 5 and shown == expected
    assert "bad.toml was not imported" in tab.text("#sq-import-head")
    # The markup in a card id stays text.
    assert page.locator("#sq-import-problems b").count() == 0
    assert any("x<b>y</b>" in line for line in shown)
    # Nothing half-imported: not even the good squad.
    assert page.locator("#sq-saved li").count() == 0 and saved_options(tab) == []
    assert page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')") is None
    assert_no_serious_axe_violations(tab, "squad editor after a bad import")

    good = BAD_FILE.split("[squads.bad_one]")[0]
    page.set_input_files("#sq-import", files=[{"name": "good.toml", "mimeType": "text/plain",
                                               "buffer": good.encode("utf-8")}])
    page.wait_for_function("document.querySelectorAll('#sq-saved li').length === 1")
    assert not tab.visible("#sq-import-error")
    assert "Imported 1 squad from good.toml" in tab.text("#sq-status")
    assert saved_options(tab) == ["good_one"]

    # Read back after a reload: the stored squads come back; then stored data gone bad is refused in a line.
    open_editor(tab)
    assert saved_options(tab) == ["good_one"]
    page.evaluate(f"localStorage.setItem('{STORAGE_KEY}', '[squads.good_one]\\nelement = 7\\n')")
    open_editor(tab)
    assert tab.visible("#sq-error")
    error = tab.text("#sq-error")
    assert "could not be read (saved squads: squads.good_one: element: must be one of" in error
    assert "\n" not in error and saved_options(tab) == []
    tab.assert_clean()


def test_a_full_storage_is_said_in_words_and_nothing_is_saved(open_page):
    tab = open_page("squad-full")
    tab.page.add_init_script("""Storage.prototype.setItem = function () {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };""")
    open_editor(tab)
    build_bog_band(tab)
    tab.page.click("#sq-save")
    assert tab.visible("#sq-error")
    assert tab.text("#sq-error") == "This browser's storage for the site is full, so nothing was saved."
    assert tab.page.locator("#sq-saved li").count() == 0 and saved_options(tab) == []
    tab.assert_clean()


# --- a phone, the keyboard ---------------------------------------------------------------------------

def test_the_editor_fits_a_phone_and_works_by_keyboard(open_page):
    tab = open_page("squad-phone", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                    device_scale_factor=2)
    open_editor(tab)
    page = tab.page
    build_bog_band(tab)
    page.click("#sq-save")
    page.click("#sq-export")
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    tab.screenshot("squad-editor-phone")
    assert widths[0] <= widths[1], f"page is {widths[0]} px wide in a {widths[1]} px viewport"

    # Keyboard: Enter on an Add button adds; Space on a Remove button in the squad removes and keeps focus there.
    page.click("#sq-new")
    assert page.evaluate("document.activeElement.id") == "sq-name"
    page.keyboard.type("Keys")
    page.focus('#sq-pool button[data-add="hired_sellsword"]')
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert tab.text('#sq-pool li[data-card="hired_sellsword"] .count') == "2"
    page.focus('#sq-members button[data-remove="hired_sellsword"]')
    page.keyboard.press(" ")
    assert tab.text('#sq-pool li[data-card="hired_sellsword"] .count') == "1"
    assert page.evaluate("document.activeElement.getAttribute('data-remove')") == "hired_sellsword"
    assert page.input_value("#sq-id") == "keys"
    tab.assert_clean()
