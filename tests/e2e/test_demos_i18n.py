"""In Chromium: rule demos by link, the language switcher, and the sender's note as plain text."""

import html
import re
from urllib.parse import quote

import pytest

from engine.core import get_ruleset

pytestmark = pytest.mark.needs_subprocess
CATALOGUE = get_ruleset("autobattle").catalogue


def assert_clean_but_redirect(tab) -> None:
    """As Tab.assert_clean, except that a language redirect leaves the first page mid-load, so
    its pending downloads are aborted: that is expected; nothing else may go wrong."""
    assert (tab.foreign_requests(), tab.http_errors, tab.console, tab.page_errors) == ([], [], [], [])
    assert all("ERR_ABORTED" in failure for failure in tab.failed), tab.failed


def demo_link(site, rule: str, lang_folder: str = "") -> str:
    """The demo link the rules page offers for a rule, relative to the site root."""
    page = site / lang_folder / "autobattle" / "rules.html"
    links = [html.unescape(link) for link in re.findall(r'class="demo" href="([^"]+)"', page.read_text("utf-8"))]
    (link,) = [link for link in links if link.endswith(f"&rule={rule}")]
    return f"{lang_folder}/autobattle/{link}".lstrip("/")


@pytest.mark.parametrize("rule", ["S4-R25", "S4-R14", "S4-R30", "S4-R1"])
def test_demo_link_opens_just_before_the_rule_and_highlights_it_one_step_on(site, open_page, rule):
    demo = get_ruleset("autobattle").demos()[rule]
    tab = open_page(f"demo-{rule}")
    page = tab.goto(demo_link(site, rule))
    banner = tab.text("#rule-banner")
    assert rule in banner and CATALOGUE[rule]["en"] in banner
    if demo.step > 0:
        assert page.query_selector_all(f'#log li[data-rule="{rule}"]') == []
        page.click("#step-forward")
    highlighted = page.eval_on_selector_all("#log li.highlight", "lines => lines.map(l => l.dataset.rule)")
    assert highlighted and set(highlighted) == {rule}
    assert "applied" in tab.text("#rule-banner")
    tab.screenshot()
    tab.assert_clean()


def test_language_switcher_changes_the_page_and_the_log_and_is_remembered(open_page):
    tab = open_page("language-switch")
    page = tab.goto("index.html#/autobattle")
    assert page.get_attribute("html", "lang") == "en"
    page.click('a[data-lang="ja"]')
    page.wait_for_url("**/ja/index.html#/autobattle")
    tab.wait_ready()
    assert page.get_attribute("html", "lang") == "ja"
    assert tab.text("#start") == "戦闘開始" or re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", tab.text("#start"))
    page.click("#start")
    page.click("#to-end")
    lines = page.eval_on_selector_all("#log li .what", "lines => lines.map(l => l.textContent)")
    assert lines and all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", line) for line in lines[:20])
    outcome_ja = page.get_attribute("#outcome", "data-digest")
    # Remembered: the English root now sends this reader to the Japanese page.
    tab.goto("index.html#/autobattle")
    assert page.url.endswith("/ja/index.html#/autobattle")
    page.click("#start")
    page.click("#to-end")
    assert page.get_attribute("#outcome", "data-digest") == outcome_ja     # the language changes no game
    assert_clean_but_redirect(tab)


def test_browser_language_picks_the_default_page(open_page):
    tab = open_page("language-default", locale="ru-RU")
    page = tab.goto("index.html#/autobattle")
    assert page.url.endswith("/ru/index.html#/autobattle")
    assert page.get_attribute("html", "lang") == "ru"
    assert_clean_but_redirect(tab)


def test_a_note_with_markup_and_script_is_shown_as_plain_text(site, open_page):
    note = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
    tab = open_page("note-markup")
    page = tab.goto(demo_link(site, "S4-R24") + "&note=" + quote(note, safe=""))
    assert tab.text("#note-text") == note[:140]
    assert page.query_selector_all("#note img, #note script, #player img") == []
    assert page.evaluate("window.__pwned") is None
    assert not any("/x" in url.split("127.0.0.1")[-1][-2:] for url in tab.requests)
    tab.screenshot()
    tab.assert_clean()


def test_a_long_note_is_capped(site, open_page):
    tab = open_page("note-long")
    tab.goto(demo_link(site, "S4-R24") + "&note=" + "a" * 400)
    assert tab.text("#note-text") == "a" * 140


def test_share_this_moment_carries_the_step_and_the_note(open_page):
    tab = open_page("share-moment")
    page = tab.goto("index.html#/autobattle")
    page.click("#start")
    page.click("#pause")
    page.click("#to-start")
    for _ in range(4):
        page.click("#step-forward")
    label = tab.text("#turn-label")
    page.fill("#share-note", "watch cell 3 <b>now</b>")
    page.click("#share")
    link = page.input_value("#share-link")
    assert "&step=4" in link and "&note=" in link
    other = open_page("share-moment-receiver")
    received = other.goto(link)
    assert other.text("#turn-label") == label
    assert other.text("#note-text") == "watch cell 3 <b>now</b>"
    assert received.query_selector_all("#note b") == []
