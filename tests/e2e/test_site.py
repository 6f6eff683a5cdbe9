"""The built site in Chromium, served from a sub-path on 127.0.0.1: start-up, a battle against the
CLI's digest, playback, share links in fresh contexts, the log's rule ids, the no-JavaScript card
gallery, a phone viewport, and a runtime that fails to load."""

import json
import re
import time
from urllib.parse import urlsplit

import pytest

from engine.core import get_ruleset
from engine.rulesets.autobattle.cards import builtin_content

from .support import Tab, engine_cli

pytestmark = pytest.mark.needs_subprocess  # a browser, a build and `python -m engine` processes

SEED = 7
DECKS = {0: ["ashen_cabal", "rotfen_brood"], 1: ["antler_kin"]}
DECK_ARGS = [arg for seat, squads in DECKS.items() for arg in ("--deck", f"{seat}={','.join(squads)}")]
PLAY_TIMEOUT_MS = 30_000


# --- helpers ---------------------------------------------------------------------------------------

def start_battle(tab: Tab, decks: dict, seed: int) -> None:
    """Fill the setup form by clicks and start the battle (it starts autoplaying)."""
    page = tab.page
    for seat in (0, 1):
        for slot in (1, 2, 3):
            squads = decks[seat]
            page.select_option(f"#side-{seat}-squad-{slot}", squads[slot - 1] if slot <= len(squads) else "")
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#player", state="visible")
    page.wait_for_function("document.getElementById('turn-label').textContent.length > 0")
    assert not tab.visible("#form-error"), tab.text("#form-error")


def label(tab: Tab) -> str:
    return tab.text("#turn-label")


def board(tab: Tab) -> str:
    """The whole board as HTML: equal strings = the same position drawn the same way."""
    return tab.page.inner_html("#board")


def to_end(tab: Tab) -> str:
    """Jump to the final frame; the digest the page shows there."""
    tab.page.click("#to-end")
    tab.page.wait_for_selector("#outcome[data-digest]", state="visible")
    return tab.page.get_attribute("#outcome", "data-digest")


def step_to(tab: Tab, frame: int) -> None:
    """From the first frame, `frame` clicks on Next."""
    tab.page.click("#to-start")
    for _ in range(frame):
        tab.page.click("#step-forward")


# --- fixtures ----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def cli_game(tmp_path_factory):
    """The same battle on CPython: the CLI's JSON report and its record file."""
    record = tmp_path_factory.mktemp("record") / "game.json"
    report = json.loads(engine_cli("play", "autobattle", "--seed", str(SEED), *DECK_ARGS,
                                   "--record", str(record), "--json"))
    assert report["outcome"] is not None and report["turns"] >= 6, report
    return report, record


@pytest.fixture(scope="module")
def battle(browser, base_url):
    """One page on which the battle was set up and started by clicks (shared by several tests)."""
    tab = Tab.new(browser, base_url, "battle")
    tab.goto("index.html#/autobattle")
    start_battle(tab, DECKS, SEED)
    yield tab
    foreign = tab.foreign_requests()
    tab.close()
    assert foreign == [], f"requests left 127.0.0.1: {foreign}"


# --- tests -------------------------------------------------------------------------------------------

def test_play_page_becomes_ready_under_a_subpath_with_only_local_requests(page):
    started = time.monotonic()
    page.goto("index.html#/autobattle")
    ready_after = time.monotonic() - started
    assert page.visible("#route-autobattle") and not page.visible("#route-home")
    assert not page.visible("#loading") and not page.visible("#load-error")
    assert page.page.is_enabled("#start") and page.page.is_enabled("#roll-seed")
    # Every request went to our server, inside the sub-path, and none failed.
    assert page.requests, "no requests recorded"
    assert page.foreign_requests() == []
    outside = [url for url in page.requests if urlsplit(url).scheme == "http"
               and not urlsplit(url).path.startswith("/a/b/")]
    assert outside == [], outside
    fetched = {urlsplit(url).path.rsplit("/", 1)[-1] for url in page.requests}
    assert {"pyodide.asm.wasm", "pyscript.toml", "ui.zip"} <= fetched, fetched
    page.assert_clean()
    # The home route of the same shell, by hash, without a reload.
    page.page.evaluate("location.hash = '#/'")
    page.page.wait_for_selector("#route-home", state="visible")
    assert not page.visible("#route-autobattle")
    page.assert_clean()
    print(f"play page ready in {ready_after:.1f} s")


def test_battle_by_clicks_ends_with_the_cli_digest(battle, cli_game):
    report, _ = cli_game
    digest = to_end(battle)
    assert digest == report["digest"]
    assert label(battle) == f"Turn {report['turns']} of {report['turns']}"
    outcome = battle.text("#outcome")
    assert f"{('Blue', 'Red')[report['outcome']['winners'][0]]} wins" in outcome and report["outcome"]["rule"] in outcome
    # The board shows both sides' numbers and cards carry their uid.
    for seat in (0, 1):
        assert battle.text(f"#side-{seat} .leadership") not in ("", "–")
        assert battle.page.locator(f"#side-{seat} .cell").count() == 7
    assert battle.page.locator("#board .card[data-uid]").count() > 0
    battle.screenshot("battle-end")
    battle.assert_clean()


def test_step_forward_and_back_change_the_label_and_the_board(battle, cli_game):
    report, _ = cli_game
    turns = report["turns"]
    page = battle.page
    page.click("#to-start")
    start_label, start_board = label(battle), board(battle)
    assert start_label == f"Before the first turn (of {turns})"
    assert not battle.visible("#outcome")
    assert page.locator("#side-0 .reserve .card .crystals").count() + page.locator("#side-1 .deck").count() > 0

    page.click("#step-forward")
    assert label(battle) == f"Turn 1 of {turns}"
    first_board = board(battle)
    assert first_board != start_board
    page.click("#step-forward")
    assert label(battle) == f"Turn 2 of {turns}"
    assert board(battle) != first_board
    page.click("#step-back")
    assert label(battle) == f"Turn 1 of {turns}" and board(battle) == first_board
    page.click("#step-back")
    assert label(battle) == start_label and board(battle) == start_board
    page.click("#step-back")   # nothing before the start
    assert label(battle) == start_label

    to_end(battle)
    page.click("#step-forward")  # nothing after the end
    assert label(battle) == f"Turn {turns} of {turns}" and battle.visible("#outcome")
    page.click("#step-back")
    assert label(battle) == f"Turn {turns - 1} of {turns}" and not battle.visible("#outcome")
    assert page.get_attribute("#outcome", "data-digest") is None
    battle.assert_clean()


def test_play_autoplays_very_fast_to_the_end(battle, cli_game):
    report, _ = cli_game
    turns = report["turns"]
    page = battle.page
    to_end(battle)
    page.select_option("#speed", "80")      # "very fast"
    # Record every label the page shows while it plays.
    page.evaluate("""() => {
        const node = document.getElementById('turn-label');
        window.__labels = [];
        new MutationObserver(() => window.__labels.push(node.textContent))
            .observe(node, {childList: true, characterData: true, subtree: true});
    }""")
    page.click("#play")          # at the end, Play starts again from the first frame
    assert battle.visible("#pause") and not battle.visible("#play")
    page.wait_for_selector("#outcome[data-digest]", state="visible", timeout=PLAY_TIMEOUT_MS)
    page.wait_for_selector("#play", state="visible")
    assert not battle.visible("#pause")
    assert page.get_attribute("#outcome", "data-digest") == report["digest"]
    shown = [text for text in page.evaluate("window.__labels") if text.startswith("Turn ")]
    expected = [f"Turn {turn} of {turns}" for turn in range(1, turns + 1)]
    assert [text for text in shown if text in expected] == expected, shown
    # Pause stops it part-way.
    page.click("#play")
    page.wait_for_function("document.getElementById('turn-label').textContent.startsWith('Turn ')")
    page.click("#pause")
    stopped = label(battle)
    page.wait_for_timeout(400)
    assert label(battle) == stopped and battle.visible("#play")
    battle.assert_clean()


def test_log_lines_cite_rule_ids_with_their_statements(battle):
    catalogue = get_ruleset("autobattle").catalogue
    to_end(battle)
    lines = battle.page.evaluate("""() => Array.from(document.querySelectorAll('#log li')).map(li => ({
        rule: li.dataset.rule, text: li.textContent,
        abbr: li.querySelector('a.rule') && li.querySelector('a.rule').textContent,
        title: li.querySelector('a.rule') && li.querySelector('a.rule').title}))""")
    assert len(lines) > 20
    assert battle.page.locator('#log li[data-rule^="S4-R"]').count() > 10
    for line in lines:
        assert line["rule"] in catalogue, line
        assert line["abbr"] == line["rule"], line
        assert line["title"] == catalogue[line["rule"]]["en"], line
    entering = battle.page.locator('#log li[data-rule="S4-R11"] a.rule').first
    assert entering.get_attribute("title") == catalogue["S4-R11"]["en"]
    # Stepping back trims the log to the frames shown so far.
    battle.page.click("#to-start")
    assert 0 < battle.page.locator("#log li").count() < len(lines)
    battle.assert_clean()


@pytest.mark.parametrize("at_turn", [True, False], ids=["at-turn", "from-start"])
def test_share_link_opens_the_same_game_in_a_fresh_context(battle, cli_game, open_page, at_turn):
    report, _ = cli_game
    middle = report["turns"] // 2
    page = battle.page
    step_to(battle, middle)
    middle_label, middle_board = label(battle), board(battle)
    assert middle_label == f"Turn {middle} of {report['turns']}"
    page.set_checked("#share-at-turn", at_turn)
    before = page.input_value("#share-link")
    page.click("#share")
    page.wait_for_function("old => { const v = document.getElementById('share-link').value; return v && v !== old; }",
                           arg=before)
    link = page.input_value("#share-link")
    assert link.startswith(battle.url("index.html#/autobattle/replay?g=S1.")), link
    # The turn travels as `turn=` (or `step=`, the newer name); unchecked, the link has neither.
    at = re.findall(r"[?&](?:turn|step)=([^&]*)", link)
    assert at == ([str(middle)] if at_turn else []), link
    battle.assert_clean()

    fresh = open_page(f"share-{'at-turn' if at_turn else 'from-start'}")
    fresh.goto(link)
    fresh.page.wait_for_selector("#player", state="visible")
    assert not fresh.visible("#link-error"), fresh.text("#link-error")
    if at_turn:
        assert label(fresh) == middle_label
        assert board(fresh) == middle_board
    else:
        assert label(fresh) == f"Before the first turn (of {report['turns']})"
    assert to_end(fresh) == report["digest"]
    fresh.assert_clean()


def test_cli_record_link_opens_at_turn_3(open_page, cli_game):
    report, record = cli_game
    payload = engine_cli("link", "encode", str(record)).strip()
    assert payload.startswith("S1.")
    tab = open_page("record-link")
    tab.goto(f"index.html#/autobattle/replay?g={payload}&turn=3")
    tab.page.wait_for_selector("#player", state="visible")
    assert not tab.visible("#link-error"), tab.text("#link-error")
    assert label(tab) == f"Turn 3 of {report['turns']}"
    assert to_end(tab) == report["digest"]
    # The link names its squads: the board says which.
    assert "Antler Kin" in tab.text("#side-1 .squads")         # the squad by name, not id
    assert tab.text("#side-0 .squads") == "Ashen Cabal, Rotfen Brood"
    tab.assert_clean()


def test_card_gallery_shows_every_card_without_javascript(open_page):
    content = builtin_content()
    tab = open_page("cards-nojs", java_script_enabled=False)
    tab.goto("autobattle/cards.html", ready=False)
    assert tab.page.locator(".card").count() >= len(content.cards)
    shown = set(tab.page.eval_on_selector_all(".card[data-card]", "cards => cards.map(c => c.dataset.card)"))
    assert set(content.cards) <= shown, sorted(set(content.cards) - shown)
    names = [text.strip() for text in tab.page.locator(".card .name").all_text_contents()]
    assert len(names) >= len(content.cards) and all(names)
    tab.screenshot("cards-nojs")
    # The rules page, also without JavaScript: every catalogue entry, with its statement.
    tab.goto("autobattle/rules.html", ready=False)
    catalogue = get_ruleset("autobattle").catalogue
    for rule_id in ("S4-R1", "S4-R11", "S4-R27"):
        assert tab.text(f'dt[id="{rule_id}"]') == rule_id
        assert catalogue[rule_id]["en"] in tab.text(f'dt[id="{rule_id}"] + dd')
    assert tab.page.locator("main.rules dt").count() == len(catalogue)
    tab.assert_clean()


def test_phone_viewport_has_no_horizontal_overflow(open_page):
    tab = open_page("phone-play", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                    device_scale_factor=2)
    tab.goto("index.html#/autobattle")
    overflow = "document.documentElement.scrollWidth <= window.innerWidth"
    assert tab.page.evaluate(overflow), tab.page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    start_battle(tab, DECKS, SEED)
    tab.page.click("#step-forward")
    tab.page.click("#share")
    widths = tab.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    tab.screenshot("phone-play")
    assert widths[0] <= widths[1], f"page is {widths[0]} px wide in a {widths[1]} px viewport"
    to_end(tab)
    widths = tab.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    tab.screenshot("phone-play-end")
    assert widths[0] <= widths[1], f"page is {widths[0]} px wide in a {widths[1]} px viewport"
    tab.assert_clean()


def test_runtime_that_cannot_load_gives_a_readable_error(open_page):
    tab = open_page("runtime-fails")
    tab.context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    tab.goto("index.html#/autobattle", ready=False)
    tab.wait_ready(expect="failed")
    assert tab.visible("#load-error") and not tab.visible("#loading")
    message = tab.text("#load-error")
    assert message.startswith("The Python runtime could not start"), message
    assert "Traceback" not in message and len(message) < 400
    assert tab.page.is_disabled("#start")        # nothing pretends to work
    assert tab.visible("#route-autobattle")      # the pre-rendered page is still there
    assert [url for url in tab.failed if "pyodide.asm.wasm" not in url] == []
    assert tab.http_errors == [] and tab.foreign_requests() == []
    tab.screenshot("runtime-fails")
