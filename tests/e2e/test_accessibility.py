"""Accessibility in Chromium: zero serious or critical axe-core violations on every page and state in
every language (home, each game's setup, galleries, rules, a game in play, a game over, a replay, a
demo; keyboard play has its own file, test_keyboard.py); reduced motion honoured; start-up that says
what it is doing in the page's language, Start buttons that say why they wait, a failed start that
says what failed. Mid-game states use the same helper (support.assert_no_serious_axe_violations)."""

import pytest

from .support import assert_no_serious_axe_violations

pytestmark = pytest.mark.needs_subprocess  # a browser and a build

LOCALES = {"en": "en-US", "ja": "ja-JP", "ru": "ru-RU"}
APP_ROUTES = ("#/", "#/autobattle", "#/tactics")
STATIC_PAGES = ("autobattle/cards.html", "autobattle/rules.html", "tactics/cards.html", "tactics/rules.html")


def folder(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_no_serious_axe_violations_on_any_page(open_page, lang):
    tab = open_page(f"axe-{lang}", locale=LOCALES[lang])
    tab.goto(f"{folder(lang)}index.html#/")
    assert tab.page.evaluate("document.documentElement.lang") == lang
    for route in APP_ROUTES:        # the app's routes: the same document, by hash
        tab.page.evaluate(f"location.hash = {route!r}")
        name = route.strip("#/") or "home"
        tab.page.wait_for_selector(f"#route-{name}", state="visible")
        assert_no_serious_axe_violations(tab, f"{lang} {route}")
    for page in STATIC_PAGES:
        tab.goto(folder(lang) + page, ready=False)
        assert tab.page.evaluate("document.documentElement.lang") == lang
        assert_no_serious_axe_violations(tab, f"{lang} {page}")
    tab.assert_clean()


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_no_serious_axe_violations_in_game_states(open_page, lang):
    """A tactics game being deployed and then over, an autobattle replay mid-battle and at its end,
    and a rule demo of each game, in each language."""
    tab = open_page(f"axe-states-{lang}", locale=LOCALES[lang])
    page = tab.page
    tab.goto(f"{folder(lang)}index.html#/tactics")
    page.select_option("#tactics-seat-1", "human")
    page.click("#tactics-start")
    page.wait_for_selector("#tactics-game", state="visible")
    page.wait_for_function("document.getElementById('tactics-status').dataset.kind === 'deploy'")
    page.locator("#tactics-tray .tchar.selectable").first.click()      # a piece picked, its cells lit
    assert page.locator(".tcell.legal-move").count() > 0
    assert_no_serious_axe_violations(tab, f"{lang} tactics deployment")
    page.locator(".tcell.legal-move").first.click()
    page.click("#tactics-abandon")
    page.click("#tactics-abandon-yes")
    page.wait_for_selector("#tactics-outcome[data-digest]", state="visible")
    assert_no_serious_axe_violations(tab, f"{lang} tactics game over")
    page.evaluate("location.hash = '#/autobattle'")
    page.wait_for_selector("#route-autobattle", state="visible")
    page.click("#start")
    page.click("#pause")
    page.click("#to-start")
    page.click("#step-forward")
    assert_no_serious_axe_violations(tab, f"{lang} autobattle replay")
    page.click("#to-end")
    page.wait_for_selector("#outcome[data-digest]", state="visible")
    assert_no_serious_axe_violations(tab, f"{lang} autobattle game over")
    for ruleset in ("autobattle", "tactics"):
        tab.goto(f"{folder(lang)}{ruleset}/rules.html", ready=False)
        page.locator("a.demo").first.click()
        tab.wait_ready()
        page.wait_for_selector(f"#route-{ruleset} [data-part=game]", state="visible")
        assert_no_serious_axe_violations(tab, f"{lang} {ruleset} demo")
    tab.assert_clean()


def test_reduced_motion_stops_animations(open_page):
    tab = open_page("reduced-motion", reduced_motion="reduce")
    tab.goto("autobattle/cards.html", ready=False)
    durations = tab.page.evaluate("""() => ["fx-enter", "fx-hit", "fx-buff"].map(name => {
        const card = document.querySelector(".card");
        card.classList.add(name);
        const seconds = parseFloat(getComputedStyle(card).animationDuration);
        card.classList.remove(name);
        return seconds;
    })""")
    assert all(seconds <= 0.01 for seconds in durations), durations
    full = open_page("full-motion")
    full.goto("autobattle/cards.html", ready=False)
    assert full.page.evaluate("""() => { const card = document.querySelector(".card"); card.classList.add("fx-hit");
        return parseFloat(getComputedStyle(card).animationDuration); }""") > 0.1


def test_logs_are_focusable_and_labelled_and_navs_labelled(open_page):
    tab = open_page("landmarks")
    tab.goto("index.html#/", ready=False)
    for log in ("#log", "#tactics-log"):
        assert tab.page.get_attribute(log, "tabindex") == "0"
        assert tab.page.get_attribute(log, "aria-label")
    assert tab.page.eval_on_selector_all("nav", "navs => navs.filter(n => !n.getAttribute('aria-label')).length") == 0


def test_start_up_speaks_the_page_language_and_start_says_why_it_waits(open_page):
    tab = open_page("loading-ja", locale="ja-JP")
    held = []
    tab.context.route("**/pyodide.asm.wasm", lambda route: held.append(route))   # never answered
    tab.goto("ja/index.html#/autobattle", ready=False)
    page = tab.page
    page.wait_for_function("document.getElementById('loading-text').textContent.includes('ダウンロード')")
    assert page.get_attribute("body", "data-ready") == "0"
    assert page.is_disabled("#start")
    assert tab.text("#start-wait .when-loading") == "Python の起動後に使えます。"
    assert page.is_visible("#start-wait .when-loading") and not page.is_visible("#start-wait .when-failed")
    description = page.evaluate("document.getElementById(document.getElementById('start').getAttribute('aria-describedby')).innerText")
    assert "Python" in description


def test_a_failed_start_says_which_file_failed(open_page):
    tab = open_page("runtime-404")
    tab.context.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    tab.goto("index.html#/tactics", ready=False)
    tab.wait_ready(expect="failed")
    message = tab.text("#load-error")
    assert message.startswith("The Python runtime could not start"), message
    assert "pyodide/pyodide.asm.wasm could not be downloaded (HTTP 404)" in message, message
    assert tab.page.is_visible("#tactics-start-wait .when-failed")
    assert not tab.page.is_visible("#tactics-start-wait .when-loading")
    assert tab.page.is_disabled("#tactics-start")
