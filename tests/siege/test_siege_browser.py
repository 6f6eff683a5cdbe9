"""The siege play page in Chromium: a full game against the automaton by clicks (the moves are the
sensible bot's, chosen here on CPython from a mirror of the same game, and made on the page by clicks
only), its share link in a fresh context and against `python -m engine replay`, the automaton's turn
watched step by step with its reasons, keyboard play, demo links from the rules page in every
language, the no-JavaScript gallery, axe, a phone-width screen, and the timing figures."""

import html
import json
import re
import statistics
import time
from urllib.parse import unquote

import pytest

from engine.core import Record, Session, encode_link, make_bot
from engine.rulesets import get
from engine.rulesets.siege.cards import builtin_content

from tests.e2e.support import Tab, assert_no_serious_axe_violations, engine_cli

pytestmark = pytest.mark.needs_subprocess  # a browser, a build and `python -m engine` processes

RULESET = get("siege")
MAX_DECISIONS = 400


# --- helpers ---------------------------------------------------------------------------------------

def start_game(tab: Tab, seed: int, delay: str = "0", seat: str = "human") -> None:
    page = tab.page
    page.select_option("#siege-bot-delay", delay)
    page.select_option("#siege-seat", seat)
    page.fill("#siege-seed", str(seed))
    page.click("#siege-start")
    page.wait_for_selector("#siege-game", state="visible")
    assert not tab.visible("#siege-form-error"), tab.text("#siege-form-error")


def actions_taken(tab: Tab) -> int:
    return int(tab.page.get_attribute("#siege-game", "data-actions") or 0)


def wait_human_or_end(tab: Tab) -> bool:
    """Wait until the player must decide (True) or the game is over (False)."""
    tab.page.wait_for_function(
        "document.getElementById('siege-status').dataset.human === '1' || "
        "!document.getElementById('siege-outcome').hidden", timeout=60_000)
    return not tab.visible("#siege-outcome")


def unit_spot(uid: int) -> str:
    """The square or Command Zone a character of the board stands in (a click there uses it)."""
    return f'#siege-grid .scell:has(.scard[data-uid="{uid}"]), #siege-cmd-0:has(.scard[data-uid="{uid}"])'


def cell(square) -> str:
    return f'#siege-grid .scell[data-row="{square[0]}"][data-col="{square[1]}"]'


class Mirror:
    """The same game on CPython: the sensible bot picks each move; the test makes it on the page by clicks."""

    def __init__(self, seed: int):
        self.session = Session.start("siege", seed=seed)
        self.bot = make_bot(RULESET, "sensible")
        self.run()

    def run(self) -> None:
        while self.session.decision is None and self.session.outcome is None:
            self.session.advance()

    def choose(self) -> list:
        return self.session.bot_action(0, self.bot)

    def legal_index(self, action) -> int:
        return list(self.session.decision.legal[0]).index(action)

    def submit(self, action) -> None:
        self.session.submit(0, action)
        self.run()


def click_action(tab: Tab, mirror: Mirror, action: list) -> None:
    """Make `action` on the page by the gestures a player would use."""
    page = tab.page
    kind = action[0]
    button = lambda: page.click(f'#siege-buttons button[data-action="{mirror.legal_index(action)}"]')  # noqa: E731
    if kind == "commander":
        page.click(f'#siege-hand .hcard[data-choice="{action[1]}"]')
    elif kind == "deploy":
        page.click(f'#siege-hand .hcard[data-uid="{action[1]}"]')
        target = "#siege-cmd-0" if action[2] == "command" else cell(action[2])
        assert page.locator(f"{target}.legal-deploy").count() == 1
        page.click(target)
    elif kind == "grow":
        page.click(f'#siege-hand .hcard[data-uid="{action[2]}"]')
        assert page.locator(f'.scard.legal-grow[data-uid="{action[1]}"]').count() == 1
        page.click(unit_spot(action[1]))
    elif kind == "move":
        page.click(unit_spot(action[1]))
        assert page.locator(f"{cell(action[2])}.legal-move").count() == 1
        page.click(cell(action[2]))
    elif kind == "attack":
        page.click(unit_spot(action[1]))
        if tab.visible("#siege-mode-box"):
            page.select_option("#siege-mode", action[2])
        if tab.visible("#siege-uses-box"):
            page.select_option("#siege-uses", str(action[4]))
        if action[3] == "base":
            base = mirror.session.view(0)["board"]["base"][1]
            target = cell(base)
            assert page.locator(f"{target}.legal-target").count() == 1
        else:
            assert page.locator(f'.scard.legal-target[data-uid="{action[3]}"]').count() == 1
            target = unit_spot(action[3]).replace("#siege-cmd-0", "#siege-cmd-1")
        page.click(target)
    elif kind in ("focus", "ability", "swap"):
        page.click(unit_spot(action[1]))
        button()
    elif kind == "end":
        page.click("#siege-end")
    else:                       # defend / join / stay: buttons in words
        words = page.locator("#siege-buttons button").all_inner_texts()
        assert words and not any(word.startswith("Choice") for word in words), words
        button()


def play_to_the_end(tab: Tab, mirror: Mirror, on_decision=None) -> list[str]:
    done = []
    for _ in range(MAX_DECISIONS):
        if not wait_human_or_end(tab):
            break
        assert actions_taken(tab) == len(mirror.session.record.actions)
        action = mirror.choose()
        before = actions_taken(tab)
        click_action(tab, mirror, action)
        tab.page.wait_for_function(f"+document.getElementById('siege-game').dataset.actions > {before}")
        assert not tab.visible("#siege-form-error"), tab.text("#siege-form-error")
        mirror.submit(action)
        done.append(action[0])
        if on_decision:
            on_decision(done)
    else:
        raise AssertionError(f"no end after {MAX_DECISIONS} decisions")
    assert mirror.session.outcome is not None
    return done


def share_link(tab: Tab) -> str:
    tab.page.click("#siege-share")
    tab.page.wait_for_function("document.getElementById('siege-share-link').value.length > 0")
    link = tab.page.input_value("#siege-share-link")
    assert "#/siege/replay?g=" in link, link
    return link


def payload_of(link: str) -> str:
    return unquote(link.split("?g=", 1)[1].split("&", 1)[0])


def no_sideways_scroll(tab: Tab) -> None:
    width = tab.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways at 390 px: {width}"


# --- tests -------------------------------------------------------------------------------------------

def test_a_full_game_by_clicks_against_the_automaton_and_its_share_link(open_page):
    tab = open_page("siege-game", viewport={"width": 1280, "height": 1000})
    tab.goto("index.html#/siege")
    page = tab.page
    mirror = Mirror(seed=3)
    start_game(tab, seed=3)
    # Before any move: the grid (5 x 3 with both Bases), both sides' heads, the Commander choice.
    assert page.locator("#siege-grid .scell").count() == 15
    assert page.locator("#siege-grid .scell.base").count() == 2
    assert "Base damage 0 of 10" in tab.text("#siege-side-1")
    assert "Base HP 8" in tab.text("#siege-side-0")
    assert page.get_attribute("#siege-status", "data-kind") == "commander"
    assert page.locator("#siege-hand .hcard[data-choice]").count() >= 2

    def midway(done):
        if len(done) == 12:
            assert_no_serious_axe_violations(page, "siege mid-game")
            tab.screenshot("siege-mid-1280")
            # The automaton's last turn, with its reasons, beside the board.
            assert page.locator("#siege-why-list li").count() >= 3
            assert "because" in tab.text("#siege-why-list")

    done = play_to_the_end(tab, mirror, midway)
    assert {"commander", "deploy", "attack", "end"} <= set(done), done
    outcome = page.locator("#siege-outcome")
    digest = outcome.get_attribute("data-digest")
    assert digest == mirror.session.digest()
    assert ("You win" in outcome.text_content()) == (mirror.session.outcome.winners == (0,))
    # The log cites rule ids with their statements; the automaton's choices give their reasons.
    lines = page.evaluate("""() => Array.from(document.querySelectorAll('#siege-log li')).map(li => ({
        rule: li.dataset.rule, title: li.querySelector('a.rule').title, text: li.querySelector('.what').textContent}))""")
    assert len(lines) > 100
    for line in lines:
        assert line["rule"] in RULESET.catalogue and line["title"] == RULESET.catalogue[line["rule"]]["en"], line
        assert line["text"] and not line["text"].endswith("_") and "{" not in line["text"], line
    assert any("because" in line["text"] and line["rule"] == "S2-R25" for line in lines) or \
        any("because" in line["text"] and line["rule"] == "S2-R17" for line in lines)
    assert_no_serious_axe_violations(page, "siege game over")
    tab.screenshot("siege-end-1280")
    tab.assert_clean()

    # Share: a fresh context replays it to the same digest, and so does the command line.
    link = share_link(tab)
    report = json.loads(engine_cli("replay", payload_of(link), "--json"))
    assert report["digest"] == digest
    fresh = open_page("siege-share")
    fresh.goto(link)
    fresh.page.wait_for_selector("#siege-outcome[data-digest]", state="visible")
    assert fresh.page.get_attribute("#siege-outcome", "data-digest") == digest
    assert fresh.visible("#siege-replay") and not fresh.visible("#siege-actions")
    fresh.page.click("#siege-step-back")
    assert not fresh.visible("#siege-outcome")
    fresh.assert_clean()


def test_the_automatons_turn_is_watched_step_by_step_with_undo(open_page):
    tab = open_page("siege-watch")
    tab.goto("index.html#/siege")
    page = tab.page
    start_game(tab, seed=5, delay="200")
    mirror = Mirror(seed=5)
    wait_human_or_end(tab)
    click_action(tab, mirror, mirror.choose())          # the Commander
    wait_human_or_end(tab)
    assert page.get_attribute("#siege-status", "data-kind") == "main"
    page.click("#siege-end")
    # The automaton's steps arrive one at a time: several distinct "what it did" lines while it plays.
    page.wait_for_function("document.getElementById('siege-status').dataset.kind === 'auto'")
    assert "automaton is playing" in tab.text("#siege-status")
    seen = set()
    while page.get_attribute("#siege-status", "data-kind") == "auto":
        seen.add(tab.text("#siege-why-list li.newest"))
        time.sleep(0.05)
    assert len(seen) >= 4, seen
    wait_human_or_end(tab)
    assert "The automaton ends its turn 1." in tab.text("#siege-why-list")
    # Undo: back to before End of Turn, the automaton's turn undone with it.
    count = actions_taken(tab)
    page.click("#siege-undo")
    page.wait_for_function(f"+document.getElementById('siege-game').dataset.actions < {count}")
    assert page.get_attribute("#siege-status", "data-kind") == "main"
    assert page.locator("#siege-log li", has_text="The automaton ends its turn").count() == 0
    tab.assert_clean()


def test_keyboard_play_deploys_a_card_and_ends_the_turn(open_page):
    tab = open_page("siege-keys")
    tab.goto("index.html#/siege")
    page = tab.page
    start_game(tab, seed=2)
    wait_human_or_end(tab)
    # The Commander choice has the focus: Enter picks it.
    assert page.evaluate("document.activeElement.classList.contains('hcard')")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('siege-status').dataset.kind === 'main'")
    # A card in hand has the focus; Enter picks it, and the focus goes to a square it may go to.
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert "cost" in label and "can act" in label, label
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.classList.contains('legal-deploy')")
    name = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert "highlighted: deploy here" in name, name
    before = actions_taken(tab)
    page.keyboard.press(" ")
    page.wait_for_function(f"+document.getElementById('siege-game').dataset.actions > {before}")
    # Arrows move between squares, named with their row, column and zone.
    page.locator("#siege-grid .scell[tabindex='0']").focus()
    page.keyboard.press("ArrowUp")
    name = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert re.match(r"Row \d, column \d, ", name), name
    # Focus on a square with a character shows the card in full (its abilities in words).
    spot = page.locator("#siege-grid .scell:has(.scard.side-0)").first
    spot.focus()
    page.wait_for_selector("#siege-card-detail", state="visible")
    assert tab.text("#siege-card-detail .tname") == spot.locator(".tname").text_content()
    assert page.locator("#siege-card-detail .text li").count() >= 2
    # End of Turn by keyboard; the automaton plays; the focus is never lost to <body>.
    page.focus("#siege-end")
    page.keyboard.press("Enter")
    wait_human_or_end(tab)
    assert not page.evaluate("document.activeElement === document.body")
    tab.assert_clean()


def demo_link(site, rule: str, folder: str) -> str:
    page = site / folder / "siege" / "rules.html"
    links = [html.unescape(link) for link in re.findall(r'class="demo" href="([^"]+)"', page.read_text("utf-8"))]
    (link,) = [link for link in links if link.endswith(f"&rule={rule}")]
    return f"{folder}/siege/{link}".lstrip("/")


@pytest.mark.parametrize("folder, rule", [("", "S2-R25"), ("ja", "S2-R17"), ("ru", "S2-R2")])
def test_demo_links_from_the_rules_page_in_every_language(site, open_page, folder, rule):
    demo = RULESET.demos()[rule]
    tab = open_page(f"siege-demo-{rule}")
    page = tab.goto(demo_link(site, rule, folder))
    page.wait_for_selector("#siege-game", state="visible")
    assert not tab.visible("#siege-link-error"), tab.text("#siege-link-error")
    assert rule in tab.text("#siege-rule-banner")
    if demo.step > 0:           # just before the rule applies; one step shows it
        assert page.locator(f'#siege-log li.highlight[data-rule="{rule}"]').count() == 0
        page.click("#siege-step-forward")
    assert page.locator(f'#siege-log li.highlight[data-rule="{rule}"]').count() >= 1
    assert rule in tab.text("#siege-rule-banner")
    if folder:
        text = tab.text("#siege-why-list") + tab.text("#siege-log")
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]" if folder == "ja" else r"[а-яё]", text)
    tab.screenshot(f"siege-demo-{folder or 'en'}-{rule}")
    tab.assert_clean()


def test_gallery_and_rules_without_javascript_and_a_phone_screen(open_page):
    tab = open_page("siege-nojs", java_script_enabled=False)
    tab.goto("siege/cards.html", ready=False)
    shown = set(tab.page.eval_on_selector_all(".scard[data-card]", "cs => cs.map(c => c.dataset.card)"))
    assert shown == set(builtin_content().cards)
    tab.goto("siege/rules.html", ready=False)
    assert tab.page.locator("main.rules dt").count() == len(RULESET.catalogue)
    assert tab.page.locator("a.demo").count() == len(RULESET.demos())
    tab.assert_clean()
    phone = open_page("siege-phone", viewport={"width": 390, "height": 844})
    phone.goto("index.html#/siege")
    start_game(phone, seed=4)
    wait_human_or_end(phone)
    phone.page.locator("#siege-hand .hcard").first.click()
    wait_human_or_end(phone)
    no_sideways_scroll(phone)
    assert_no_serious_axe_violations(phone.page, "siege at 390 px")
    phone.screenshot("siege-390")
    phone.goto("siege/cards.html", ready=False)
    no_sideways_scroll(phone)
    phone.assert_clean()


def test_bot_and_automaton_times_in_the_browser(open_page):
    tab = open_page("siege-times")
    tab.goto("index.html#/siege")
    bot, auto = [], []
    for seed in (1, 2, 3):
        bot += tab.page.evaluate("seed => Array.from(window.skirmishSiegeBotTimes(seed))", seed)
        auto += tab.page.evaluate("seed => Array.from(window.skirmishSiegeAutoTimes(seed))", seed)
    assert len(bot) > 60 and len(auto) > 20
    print(f"\nsiege in Chromium/Pyodide: sensible bot over {len(bot)} decisions: median {statistics.median(bot):.2f} ms, "
          f"worst {max(bot):.2f} ms; automatic runs (the automaton's turn and the player's phases) over "
          f"{len(auto)} runs: median {statistics.median(auto):.2f} ms, worst {max(auto):.2f} ms")
    # The page's own turn: End of Turn to the player's next decision, drawn (speed "all at once").
    start_game(tab, seed=1)
    mirror = Mirror(seed=1)
    page_turns = []
    for _ in range(40):
        if not wait_human_or_end(tab):
            break
        action = mirror.choose()
        started = time.perf_counter()
        before = actions_taken(tab)
        click_action(tab, mirror, action)
        tab.page.wait_for_function(f"+document.getElementById('siege-game').dataset.actions > {before}")
        wait_human_or_end(tab)
        if action == ["end"]:
            page_turns.append((time.perf_counter() - started) * 1000)
        mirror.submit(action)
    print(f"the page: End of Turn to the next decision, drawn, over {len(page_turns)} turns: "
          f"median {statistics.median(page_turns):.0f} ms, worst {max(page_turns):.0f} ms")
    tab.assert_clean()


# --- a link that carries a user's own cards (P2-22) --------------------------------------------------

def markup_card_record() -> tuple[Record, int]:
    """A valid siege record whose player deck holds new cards named with markup (they travel in the
    setup's content, P2-22), and the first step after which one of them stands on the grid."""
    from tests.e2e.test_bad_links import IMG, SCRIPT
    same = lambda text: {"en": text, "ja": text, "ru": text}  # noqa: E731
    starter = builtin_content().decks["vanguard"].cards
    card = {"kind": "main", "name": "x_name", "title": same(SCRIPT), "level": 1, "hp": 6, "atk": 3, "mat": 0,
            "def": 1, "mdf": 0, "range": "melee", "cost": 1, "weapon": "spear", "attribute": "wind", "abilities": []}
    content = {"names": {"x_name": same(IMG)}, "cards": {"x_card": card},
               "decks": {"x_band": {"side": "player", "name": same(IMG),
                                    "cards": {**{c: n for c, n in starter.items() if c != "medic"}, "x_card": 3}}}}
    for seed in range(40):
        walked = Session.start("siege", seed=seed, setup={"decks": ["x_band", "horde"], "content": content})
        bot = make_bot(RULESET, "sensible")
        for step in range(1, 400):       # a step as the replay viewer counts it: an automatic one or a decision
            if walked.outcome is not None:
                break
            if walked.decision is None:
                walked.advance()
            else:
                walked.submit(0, walked.bot_action(0, bot))
            if any(u.defn.id == "x_card" for side in walked.state.sides for u in side.characters()):
                walked.run({0: bot})
                return walked.record, step
    raise AssertionError("no seed in 0-39 puts the new card on the grid")


def test_a_link_with_the_users_own_cards_named_in_markup_shows_them_as_text(open_page):
    """P2-22: a record carries new cards; the page draws them from the generic card, named (never by id)
    with textContent, so markup in a name stays text and runs nothing."""
    from tests.e2e.test_bad_links import IMG, SCRIPT, assert_nothing_injected
    record, step = markup_card_record()
    tab = open_page("siege-markup")
    tab.goto(f"index.html#/siege/replay?g={encode_link(record)}&step={step}")
    page = tab.page
    page.wait_for_timeout(250)          # long enough for an injected <img src=x onerror=...> to fire
    page.wait_for_selector("#siege-grid .scell")
    names = page.locator("#siege-board .tname").all_text_contents()
    assert f"{IMG} ({SCRIPT})" in names, names      # the new card by its name and title, shown literally
    assert "x_card" not in page.text_content("#siege-board")
    page.click("#siege-to-end")
    page.wait_for_selector("#siege-outcome[data-digest]", state="visible")
    assert page.get_attribute("#siege-outcome", "data-digest") == Session.replay(record, events=False).digest()
    assert IMG in page.text_content("#siege-log") or SCRIPT in page.text_content("#siege-log")
    assert_nothing_injected(tab)
    tab.assert_clean()
