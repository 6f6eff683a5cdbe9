"""In Chromium: moving around the site keeps the running game (header links, Back and Forward stay
in the app, no reload), gallery and rules pages open inside the app, and a link to ja/ or ru/ keeps
its language under an English browser."""

import pytest

pytestmark = pytest.mark.needs_subprocess


def mark_document(page) -> None:
    """A flag on this document's window: it survives hash changes, never a reload."""
    page.evaluate("window.__sameDocument = 'yes'")


def same_document(page) -> bool:
    return page.evaluate("window.__sameDocument === 'yes'")


def start_hotseat_and_deploy_once(tab) -> None:
    page = tab.page
    for seat in (0, 1):
        page.select_option(f"#tactics-seat-{seat}", "human")
    page.fill("#tactics-seed", "3")
    page.click("#tactics-start")
    page.wait_for_selector("#tactics-game", state="visible")
    page.locator("#tactics-tray .tchar.selectable").first.click()
    page.locator("#tactics-board .tcell.legal-move").first.click()
    page.wait_for_function("+document.getElementById('tactics-game').dataset.actions === 1")


def test_header_links_and_back_forward_keep_a_running_tactics_game(open_page):
    tab = open_page("nav-tactics")
    page = tab.goto("index.html#/tactics")
    start_hotseat_and_deploy_once(tab)
    mark_document(page)
    log_lines = page.locator("#tactics-log li").count()
    # Header links: another game, the home page (the brand), a rules page, a gallery: all in the app.
    page.click('header nav a[href="#/autobattle"]')
    page.wait_for_url("**/index.html#/autobattle")
    page.wait_for_selector("#route-autobattle", state="visible")      # the router runs on hashchange
    assert not tab.visible("#route-tactics")
    page.click("header a.brand")
    page.wait_for_url("**/index.html#/")
    page.wait_for_selector("#route-home", state="visible")
    page.click('header nav a[href$="tactics/rules.html"]')
    page.wait_for_url("**/index.html#/tactics/rules")
    page.wait_for_selector('#route-doc dt[id="S0-R13"]', state="visible")
    page.click('header nav a[href$="autobattle/cards.html"]')
    page.wait_for_url("**/index.html#/autobattle/cards")
    page.wait_for_selector("#route-doc .gallery article.card", state="visible")
    assert same_document(page)
    # Back, Back, Back, Back: to the tactics game, as it was.
    for expected in ("#/tactics/rules", "#/", "#/autobattle", "#/tactics"):
        page.go_back()
        page.wait_for_url(f"**/index.html{expected}")
    page.wait_for_selector("#tactics-game", state="visible")
    assert not tab.visible("#route-doc")
    assert page.get_attribute("#tactics-game", "data-actions") == "1"
    assert page.locator("#tactics-log li").count() == log_lines
    assert page.locator("#tactics-tray .tchar").count() == 5
    # Forward: the next route again; the game still there when coming back.
    page.go_forward()
    page.wait_for_url("**/index.html#/autobattle")
    page.wait_for_selector("#route-autobattle", state="visible")
    page.go_back()
    page.wait_for_url("**/index.html#/tactics")
    page.wait_for_selector("#tactics-game", state="visible")
    assert page.get_attribute("#tactics-game", "data-actions") == "1"
    assert same_document(page)
    tab.assert_clean()


def test_a_demo_link_in_the_rules_page_opens_inside_the_app_and_back_returns(open_page):
    tab = open_page("nav-demo")
    page = tab.goto("index.html#/autobattle")
    mark_document(page)
    page.click('header nav a[href$="autobattle/rules.html"]')
    demo = page.locator('#route-doc dt[id="S4-R24"] + dd a.demo')
    demo.wait_for(state="visible")
    assert demo.get_attribute("href").startswith("#/autobattle/replay?g=")
    demo.click()
    page.wait_for_selector("#player", state="visible")
    assert "S4-R24" in tab.text("#rule-banner")
    label = tab.text("#turn-label")
    page.go_back()
    page.wait_for_url("**/index.html#/autobattle/rules")
    page.wait_for_selector("#route-doc", state="visible")
    page.go_forward()
    page.wait_for_selector("#player", state="visible")
    assert tab.text("#turn-label") == label
    assert same_document(page)
    tab.assert_clean()


def test_a_watched_battle_survives_a_visit_home_and_back(open_page):
    tab = open_page("nav-autobattle")
    page = tab.goto("index.html#/autobattle")
    page.click("#start")
    page.click("#pause")
    page.click("#to-start")
    for _ in range(3):
        page.click("#step-forward")
    label, board = tab.text("#turn-label"), page.inner_html("#board")
    mark_document(page)
    page.click("header a.brand")
    page.wait_for_url("**/index.html#/")
    page.click('#route-home a[href="#/tactics"]')
    page.wait_for_url("**/index.html#/tactics")
    page.go_back()
    page.go_back()
    page.wait_for_url("**/index.html#/autobattle")
    page.wait_for_selector("#player", state="visible")
    assert tab.text("#turn-label") == label and page.inner_html("#board") == board
    assert same_document(page)
    tab.assert_clean()


@pytest.mark.parametrize("lang", ["ja", "ru"])
def test_a_language_link_keeps_its_language_under_an_english_browser(open_page, lang):
    tab = open_page(f"nav-lang-{lang}", locale="en-US")
    page = tab.goto(f"{lang}/index.html#/autobattle")
    assert page.url.endswith(f"/{lang}/index.html#/autobattle")
    assert page.get_attribute("html", "lang") == lang
    # A gallery link too (no Python on that page).
    tab.goto(f"{lang}/tactics/cards.html", ready=False)
    assert page.url.endswith(f"/{lang}/tactics/cards.html")
    assert page.get_attribute("html", "lang") == lang
    tab.assert_clean()


def test_a_stored_choice_decides_at_the_root_only(open_page):
    tab = open_page("nav-lang-stored", locale="en-US")
    page = tab.goto("index.html#/autobattle")
    page.click('a[data-lang="ru"]')                 # remembered: ru
    page.wait_for_url("**/ru/index.html#/autobattle")
    tab.wait_ready()
    tab.goto("ja/index.html#/tactics")              # a Japanese link stays Japanese
    assert page.url.endswith("/ja/index.html#/tactics") and page.get_attribute("html", "lang") == "ja"
    tab.goto("index.html#/tactics")                 # the root follows the stored choice
    assert page.url.endswith("/ru/index.html#/tactics") and page.get_attribute("html", "lang") == "ru"
