"""In Chromium: every initiative rule demo opens from its rules page's link, in every language, at its
step, with its rule in the banner and its log lines highlighted (one page per language: the links are
followed as hash changes inside the app, as a reader clicking them on the rules page does)."""

import html
import re

import pytest

from engine.rulesets import get

pytestmark = pytest.mark.needs_subprocess

RULESET = get("initiative")
SCRIPTS = {"ja": r"[\u3040-\u30ff\u4e00-\u9fff]", "ru": r"[а-яё]", "": r"[a-z]"}


def part(name: str) -> str:
    return f'#route-initiative [data-part="{name}"]'


def demo_links(site, folder: str) -> dict:
    """rule id -> the app hash its rules page links to."""
    page = (site / folder / "initiative" / "rules.html").read_text("utf-8")
    links = [html.unescape(link) for link in re.findall(r'class="demo" href="([^"]+)"', page)]
    return {re.search(r"&rule=([^&]+)$", link).group(1): "#" + link.split("#", 1)[1] for link in links}


@pytest.mark.parametrize("folder", ["", "ja", "ru"])
def test_every_demo_opens_at_its_rule_in_every_language(site, open_page, folder):
    links = demo_links(site, folder)
    assert set(links) == set(RULESET.demos()), "the rules page links every demo"
    tab = open_page(f"initiative-demos-{folder or 'en'}")
    page = tab.goto(f"{folder}/index.html#/initiative".lstrip("/"))
    statements = []
    for rule, link in sorted(links.items()):
        page.evaluate("hash => { window.location.hash = hash }", link)
        page.wait_for_function(f"() => (document.querySelector('{part('banner')}')?.textContent || '').includes('{rule}')")
        assert not tab.visible(part("link-error")), (rule, tab.text(part("link-error")))
        highlighted = f'{part("log")} li.highlight[data-rule="{rule}"]'
        if page.locator(highlighted).count() == 0:      # opened just before the rule: one step shows it
            page.click(part("step-forward"))
        assert page.locator(highlighted).count() >= 1, rule
        banner = tab.text(part("banner"))
        statements.append(banner)
        assert re.search(SCRIPTS[folder], banner), (rule, banner)
    assert len(statements) == len(RULESET.demos())
    tab.screenshot(f"initiative-demos-{folder or 'en'}")
    tab.assert_clean()
