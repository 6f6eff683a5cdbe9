"""The look in Chromium, at 1280 px and at 390 px (a phone), in en/ja/ru: every page the players
see — home, each game's setup and board mid-game, galleries, rules, how to play — shows no card
name cut inside a word or spilling out of its card, no sideways scroll on a phone, and no id-like
text (`[a-z]+_[a-z_]+`). Boards are saved as screenshots (test-artifacts/e2e) for a reviewer;
log rule ids link to the rule inside the app."""

import re

import pytest

from .support import ARTIFACTS, assert_no_serious_axe_violations

pytestmark = pytest.mark.needs_subprocess  # a browser and a build

LOCALES = {"en": "en-US", "ja": "ja-JP", "ru": "ru-RU"}
WIDTHS = (1280, 390)
ID_LIKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
STATIC = ("autobattle/cards.html", "autobattle/rules.html", "autobattle/howto.html",
          "tactics/cards.html", "tactics/rules.html", "tactics/howto.html", "siege/cards.html", "siege/rules.html",
          "initiative/cards.html", "initiative/rules.html", "initiative/howto.html")

# Every visible card name: the words (runs of letters between spaces and hyphens) that a line break cut in two, and names
# wider than their card. A word's rectangles are counted with a Range: one line, one rectangle.
NAME_PROBLEMS = """lang => {
  const problems = [];
  for (const name of document.querySelectorAll('.card .name, .tchar .tname, .icard .iname')) {
    if (!name.offsetParent || !name.textContent.trim()) continue;
    const card = name.closest('.card, .tchar, .icard').getBoundingClientRect();
    const box = name.getBoundingClientRect();
    if (name.scrollWidth > name.clientWidth + 1 || box.right > card.right + 1 || box.left < card.left - 1)
      problems.push('overflows: ' + name.textContent);
    if (lang === 'ja') continue;            // Japanese breaks between any two characters
    const text = name.firstChild;
    if (!text || text.nodeType !== 3) continue;
    for (const match of text.data.matchAll(/[^\\s\\-\u2010]+/g)) {   // a break after a hyphen is between words
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (lines.size > 1) problems.push('cut inside a word: ' + name.textContent);
    }
  }
  return problems;
}"""


def folder(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


def check_page(tab, lang: str, width: int, where: str) -> None:
    """No cut or spilling name, no sideways scroll on a phone, no id-like text."""
    page = tab.page
    problems = page.evaluate(NAME_PROBLEMS, lang)
    assert problems == [], f"{where} at {width} px: {problems[:5]}"
    if width <= 390:
        widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1], f"{where} scrolls sideways at {width} px: {widths}"
    # Text to type (an option key on a rules page, in <code>) is the one place an id belongs.
    text = page.evaluate("""() => { const copy = document.body.cloneNode(true);
        copy.querySelectorAll('code, script, style, template, [hidden]').forEach(n => n.remove());
        document.body.append(copy); copy.style.position = 'absolute';
        const text = copy.innerText; copy.remove(); return text; }""")
    ids = sorted(set(ID_LIKE.findall(text)))
    assert ids == [], f"{where}: id-like text on screen: {ids[:10]}"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_pages_read_at_both_widths(open_page, lang, width):
    tab = open_page(f"look-{lang}-{width}", locale=LOCALES[lang], viewport={"width": width, "height": 900})
    page = tab.page
    tab.goto(f"{folder(lang)}index.html#/")
    check_page(tab, lang, width, "home")
    # autobattle: a battle stepped to its middle
    page.evaluate("location.hash = '#/autobattle'")
    page.wait_for_selector("#route-autobattle", state="visible")
    check_page(tab, lang, width, "autobattle setup")
    page.click("#start")
    page.click("#pause")
    page.click("#to-start")
    for _ in range(10):
        page.click("#step-forward")
    assert page.locator("#board .card").count() > 4
    check_page(tab, lang, width, "autobattle board")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator("#board").screenshot(path=str(ARTIFACTS / f"look-autobattle-board-{lang}-{width}.png"))
    # tactics: two humans deploy both armies
    page.evaluate("location.hash = '#/tactics'")
    page.wait_for_selector("#route-tactics", state="visible")
    check_page(tab, lang, width, "tactics setup")
    page.select_option("#tactics-seat-1", "human")
    page.click("#tactics-start")
    page.wait_for_selector("#tactics-game", state="visible")
    for _ in range(12):
        page.locator("#tactics-tray .tchar.selectable").first.click()
        page.locator(".tcell.legal-move").first.click()
    page.wait_for_function("document.getElementById('tactics-status').dataset.kind !== 'deploy'")
    check_page(tab, lang, width, "tactics board")
    page.locator("#tactics-board").screenshot(path=str(ARTIFACTS / f"look-tactics-board-{lang}-{width}.png"))
    # siege: the Commander, a card deployed, the turn ended: the automaton's turn and its reasons shown
    page.evaluate("location.hash = '#/siege'")
    page.wait_for_selector("#route-siege", state="visible")
    check_page(tab, lang, width, "siege setup")
    page.select_option("#siege-bot-delay", "0")
    page.click("#siege-start")
    page.wait_for_selector("#siege-game", state="visible")
    page.locator("#siege-hand .hcard").first.click()
    page.wait_for_function("document.getElementById('siege-status').dataset.kind === 'main'")
    page.locator("#siege-hand .hcard.selectable").first.click()
    page.locator(".legal-deploy").first.click()
    page.click("#siege-end")
    page.wait_for_function("document.getElementById('siege-status').dataset.kind === 'main' && "
                           "document.querySelectorAll('#siege-log li').length > 40")
    check_page(tab, lang, width, "siege board")
    page.locator(".splay").screenshot(path=str(ARTIFACTS / f"look-siege-board-{lang}-{width}.png"))
    # initiative: one human and three bots, the first card chosen: the map, the track, the dashboards
    page.evaluate("location.hash = '#/initiative'")
    page.wait_for_selector("#route-initiative", state="visible")
    check_page(tab, lang, width, "initiative setup")
    page.select_option("#initiative-bot-delay", "0")
    page.click("#initiative-start")
    page.wait_for_function("document.getElementById('initiative-status').dataset.human === '1'")
    check_page(tab, lang, width, "initiative hand")
    logged = page.locator("#initiative-log li").count()
    page.locator("#initiative-hand .icard.usable").first.click()        # the bots answer at once: revealed
    page.wait_for_function("document.getElementById('initiative-status').dataset.human === '1' && "
                           f"document.querySelectorAll('#initiative-log li').length > {logged + 4}")
    check_page(tab, lang, width, "initiative board")
    page.locator("#initiative-board").screenshot(path=str(ARTIFACTS / f"look-initiative-board-{lang}-{width}.png"))
    for path in STATIC:
        tab.goto(folder(lang) + path, ready=False)
        check_page(tab, lang, width, path)
    tab.assert_clean()


def test_a_log_rule_id_opens_its_rule_in_the_app_and_back_returns_to_the_game(open_page):
    tab = open_page("look-rule-link")
    page = tab.page
    tab.goto("index.html#/autobattle")
    page.click("#start")
    page.click("#pause")
    page.click("#to-end")
    label = tab.text("#turn-label")
    link = page.locator('#log li[data-rule="S4-R11"] a.rule').first
    assert link.get_attribute("href") == "./autobattle/rules.html#S4-R11"
    link.click()
    page.wait_for_selector("#route-doc", state="visible")
    page.wait_for_selector('#route-doc dt[id="S4-R11"]')
    top = page.evaluate("document.querySelector('#route-doc dt[id=\"S4-R11\"]').getBoundingClientRect().top")
    assert -2 <= top < 900, top                      # scrolled to the rule
    assert_no_serious_axe_violations(tab, "rules page in the app")
    page.go_back()
    page.wait_for_selector("#player", state="visible")
    assert tab.text("#turn-label") == label         # the same battle, at the same turn
    tab.assert_clean()


def test_share_says_copied_and_abandon_asks_first(open_page):
    tab = open_page("look-share")
    tab.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = tab.page
    tab.goto("index.html#/tactics")
    page.select_option("#tactics-seat-1", "human")
    page.click("#tactics-start")
    page.wait_for_selector("#tactics-game", state="visible")
    page.click("#tactics-share")
    page.wait_for_function("document.getElementById('tactics-share-status').textContent.length > 0")
    assert tab.text("#tactics-share-status") == "Link copied."
    assert page.evaluate("navigator.clipboard.readText()") == page.input_value("#tactics-share-link")
    page.locator("#tactics-tray .tchar.selectable").first.click()
    page.locator(".tcell.legal-move").first.click()
    page.click("#tactics-abandon")
    assert page.evaluate("document.activeElement.id") == "tactics-abandon-no"
    page.click("#tactics-abandon-no")               # keep playing: nothing ended
    assert not tab.visible("#tactics-outcome") and not tab.visible("#tactics-abandon-ask")
    page.click("#tactics-abandon")
    page.click("#tactics-abandon-yes")
    page.wait_for_selector("#tactics-outcome[data-digest]", state="visible")
    assert "S0-R38" in tab.text("#tactics-outcome")
    tab.assert_clean()


def detail_name(page) -> str:
    return page.evaluate("""() => { const n = document.querySelector('#card-detail .name, #tactics-card-detail .tname');
        return n ? n.textContent : ''; }""")


def test_card_details_on_hover_focus_and_tap(open_page):
    """Item 4: the same details for the mouse, the keyboard and a finger — full text, full name."""
    tab = open_page("look-details")
    page = tab.page
    tab.goto("index.html#/autobattle")
    page.click("#start")
    page.click("#pause")
    page.click("#to-start")
    for _ in range(6):
        page.click("#step-forward")
    cards = page.locator("#board .reserve .card")
    assert cards.count() >= 2
    cards.nth(0).hover()
    page.wait_for_selector("#card-detail", state="visible")
    assert detail_name(page) == cards.nth(0).locator(".name").text_content()
    assert page.locator("#card-detail .card .text li").count() >= 1 or \
        page.locator("#card-detail .card .stats").count() == 1
    cards.nth(1).focus()                    # the keyboard: focus shows the focused card
    assert detail_name(page) == cards.nth(1).locator(".name").text_content()
    page.click("#card-detail [data-part=detail-close]")
    assert not tab.visible("#card-detail")
    # tactics: a character's skills in words
    page.evaluate("location.hash = '#/tactics'")
    page.select_option("#tactics-seat-1", "human")
    page.click("#tactics-start")
    page.wait_for_selector("#tactics-game", state="visible")
    piece = page.locator("#tactics-tray .tchar").first
    piece.hover()
    page.wait_for_selector("#tactics-card-detail", state="visible")
    assert detail_name(page) == piece.locator(".tname").text_content()
    skills = page.locator("#tactics-card-detail .text li")
    assert skills.count() >= 1 and skills.first.text_content().startswith(("Act Skill — ", "Unique Skill — "))
    assert_no_serious_axe_violations(tab, "card details shown")
    tab.assert_clean()


def test_card_details_by_tap_on_a_phone(open_page):
    """On a phone the battle line shows emblems and badges; a tap shows the card with its full name."""
    tab = open_page("look-details-phone", viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = tab.page
    tab.goto("index.html#/autobattle")
    page.tap("#start")
    page.tap("#pause")
    page.tap("#to-end")
    page.tap("#step-back")
    unit = page.locator("#board .cell > .card").first
    name = unit.locator(":scope > header .name")
    assert not name.is_visible()                            # no cut name in a 40 px card
    unit.locator(":scope > header").tap()
    page.wait_for_selector("#card-detail", state="visible")
    full = detail_name(page)
    assert full and full == name.text_content()
    assert page.evaluate("""() => { const n = document.querySelector('#card-detail .name');
        return n.scrollWidth <= n.clientWidth + 1; }""")
    tab.assert_clean()
