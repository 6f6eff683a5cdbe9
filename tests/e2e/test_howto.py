"""In Chromium: the how-to pages of every built game, in every language, on a 390 px wide phone screen:
no serious axe-core violation, no sideways scrolling, no id-like text; their "See it happen" links open
the app at that demo; home and the play pages link to them, and the app shows them in place."""

import re
from pathlib import Path

import pytest

from build.howto import load_glossary
from engine.core import get_ruleset
from ui import pages as ui_pages
from ui.words import message

from .support import assert_no_serious_axe_violations

pytestmark = pytest.mark.needs_subprocess  # a browser and a build

LOCALES = {"en": "en-US", "ja": "ja-JP", "ru": "ru-RU"}
PHONE = {"width": 390, "height": 844}
ID_LIKE = r"[a-z]+_[a-z_]+"         # an id shown where words belong (issue 10)
GAMES = [entry.id for entry in ui_pages.built()]
ROOT = Path(__file__).resolve().parents[2]
# The first word of each game's glossary (ui/games/ID/glossary.toml), its anchor a link can open.
WORD = {game: load_glossary(ROOT / ui_pages.get(game).glossary_words)[0]["key"] for game in GAMES}


def folder(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


def assert_reads_well_on_a_phone(tab, where: str) -> None:
    """No sideways scroll at 390 px, no id-like text a reader sees, no serious axe violation."""
    widths = tab.page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"{where}: scrolls sideways ({widths[0]} > {widths[1]} px)"
    seen = tab.page.evaluate(f"document.body.innerText.match(/{ID_LIKE}/g)")
    assert not seen, f"{where}: id-like text {seen[:5]}"
    assert_no_serious_axe_violations(tab, where)


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_every_how_to_page_reads_well_on_a_phone(open_page, lang):
    tab = open_page(f"howto-{lang}", locale=LOCALES[lang], viewport=PHONE)
    for game in GAMES:
        tab.goto(f"{folder(lang)}{game}/howto.html#glossary-{WORD[game]}", ready=False)
        page = tab.page
        assert page.evaluate("document.documentElement.lang") == lang
        title = message("page", "howto_title", lang, game=message("page", ui_pages.get(game).title_key, lang))
        assert tab.text("main h1") == title
        assert page.locator("section.screen").count() >= 4
        assert page.locator("section.screen figure .card, section.screen figure .tchar, section.screen figure svg").count() >= 3
        # a glossary word is a link target other pages can use
        assert page.evaluate("document.querySelector(':target') && document.querySelector(':target').tagName") == "DT"
        assert_reads_well_on_a_phone(tab, f"{lang} {game}/howto.html")
        tab.screenshot(f"howto-{game}-{lang}-390")
    tab.assert_clean()


@pytest.mark.parametrize("game, rule", [("autobattle", "S4-R9"), ("tactics", "S0-R12"), ("initiative", "S1-R9")])
def test_see_it_happen_opens_the_app_at_that_demo(open_page, game, rule):
    entry = ui_pages.get(game)
    statement = get_ruleset(game).catalogue[rule]["en"]
    tab = open_page(f"howto-demo-{rule}")
    tab.goto(f"{game}/howto.html", ready=False)
    link = tab.page.locator(f'a.demo[data-rule="{rule}"]')
    assert link.count() == 1 and link.inner_text() == "See it happen"
    link.click()
    tab.wait_ready()
    page = tab.page
    assert f"#/{game}/replay?g=" in page.url and f"&rule={rule}" in page.url
    if game == "tactics":
        page.wait_for_selector("#tactics-game", state="visible")
        assert not tab.visible("#tactics-link-error"), tab.text("#tactics-link-error")
        assert page.locator(f'#tactics-log li.highlight[data-rule="{rule}"]').count() >= 1
        assert f"Rule {rule} applied" in tab.text("#tactics-status")
    else:
        assert entry.demo_before     # it opens just before the rule, which one step forward applies
        ids = "" if game == "autobattle" else f"{game}-"      # the first game's page has unprefixed ids
        page.wait_for_selector(f"#{ids}rule-banner", state="visible")
        assert rule in tab.text(f"#{ids}rule-banner") and statement in tab.text(f"#{ids}rule-banner")
        page.click(f"#{ids}step-forward")
        highlighted = page.eval_on_selector_all(f"#{ids}log li.highlight", "lines => lines.map(l => l.dataset.rule)")
        assert highlighted and set(highlighted) == {rule}
        assert "applied" in tab.text(f"#{ids}rule-banner")
    tab.assert_clean()


def test_home_and_play_pages_link_the_how_to_page_and_the_app_shows_it_in_place(open_page):
    tab = open_page("howto-in-app", viewport=PHONE)
    page = tab.goto("index.html#/")
    # home: each built game's entry links its how-to page; the app opens it in place (no reload)
    page.evaluate("window.skirmishSameDocument = true")
    page.click('#route-home a[href="./tactics/howto.html"]')
    page.wait_for_function("location.hash === '#/tactics/howto'")
    page.wait_for_selector("#route-doc .howto h1", state="visible")
    assert tab.text("#route-doc .howto h1") == "How to play Tactics"
    assert page.evaluate("window.skirmishSameDocument") is True
    assert_reads_well_on_a_phone(tab, "app: tactics how-to")
    # a play page: one link under its heading, to its own how-to page, shown in place too
    page.evaluate("location.hash = '#/autobattle'")
    page.wait_for_selector("#route-autobattle", state="visible")
    link = page.locator("#route-autobattle .howto-link a")
    assert link.inner_text() == "How to play"
    assert_reads_well_on_a_phone(tab, "app: autobattle play page")
    link.click()
    page.wait_for_function("location.hash === '#/autobattle/howto'")
    page.wait_for_function("document.querySelector('#route-doc .howto h1')?.textContent === 'How to play Autobattle'")
    # a glossary link inside the page shown in place scrolls to the word and stays in the app
    page.click('#route-doc .howto nav.jump a[data-anchor="glossary"]')
    assert page.evaluate("location.hash") == "#/autobattle/howto"
    # and its demo link opens the demo in the same app, its rule shown
    page.click('#route-doc a.demo[data-rule="S4-R24"]')
    page.wait_for_function("location.hash.startsWith('#/autobattle/replay?g=')")
    page.wait_for_selector("#rule-banner", state="visible")
    assert "S4-R24" in tab.text("#rule-banner")
    assert page.evaluate("window.skirmishSameDocument") is True
    assert re.search(r"&rule=S4-R24$", page.evaluate("location.hash"))
    tab.assert_clean()
