"""The tactics play page in Chromium: a hotseat game played to its end by clicks, a game against
the bot (with Undo), the share link in a fresh context against `python -m engine replay`, bad
links, the no-JavaScript gallery and rules pages, and the bot's decision time in the browser."""

import json
import statistics
from urllib.parse import unquote

import pytest

from engine.core import decode_link, get_ruleset

from tests.e2e.support import Tab, engine_cli

pytestmark = pytest.mark.needs_subprocess  # a browser, a build and `python -m engine` processes

ARMIES = ("ember_host", "court_of_gales")
MAX_CLICK_STEPS = 400


# --- helpers ---------------------------------------------------------------------------------------

def start_game(tab: Tab, seats: tuple[str, str], seed: int, delay: str = "0") -> None:
    """Fill the setup form by clicks and start."""
    page = tab.page
    for seat in (0, 1):
        page.select_option(f"#tactics-army-{seat}", ARMIES[seat])
        page.select_option(f"#tactics-seat-{seat}", seats[seat])
    page.select_option("#tactics-bot-delay", delay)
    page.fill("#tactics-seed", str(seed))
    page.click("#tactics-start")
    page.wait_for_selector("#tactics-game", state="visible")
    assert not tab.visible("#tactics-form-error"), tab.text("#tactics-form-error")


def actions_taken(tab: Tab) -> int:
    return int(tab.page.get_attribute("#tactics-game", "data-actions") or 0)


def wait_human_or_end(tab: Tab) -> bool:
    """Wait until a human must decide (True) or the game is over (False)."""
    tab.page.wait_for_function(
        "document.getElementById('tactics-status').dataset.human === '1' || "
        "!document.getElementById('tactics-outcome').hidden", timeout=60_000)
    return not tab.visible("#tactics-outcome")


def click_one_decision(tab: Tab, use_skills: bool = True) -> str:
    """Make the deciding human's next move by clicks only; returns what was done."""
    page = tab.page
    before = actions_taken(tab)
    kind = page.get_attribute("#tactics-status", "data-kind")
    if kind == "deploy":
        page.locator("#tactics-tray .tchar.selectable").first.click()
        assert page.locator(".tcell.legal-move").count() > 0
        page.locator(".tcell.legal-move").first.click()
        done = "deploy"
    elif kind == "choose":
        assert page.locator(".tchar.legal-choice").count() >= 2
        page.locator(".tchar.legal-choice").first.click()
        done = "choose"
    elif kind == "turn":
        skills = page.locator("#tactics-skills button[data-skill]:not([disabled])")
        if use_skills and skills.count():
            skills.first.click()
            assert page.locator(".tchar.legal-target").count() > 0
            page.locator(".tchar.legal-target").first.click()
            done = "skill"
        else:
            page.click("#tactics-end")
            done = "end"
    elif kind in ("react", "agree"):     # S0-R35/R36: use the React Skill; G0-14: play on
        buttons = page.locator("#tactics-skills button[data-action]")
        words = [buttons.nth(i).inner_text() for i in range(buttons.count())]
        assert len(words) == 2 and not any(word.startswith("Choice") for word in words), words
        buttons.first.click() if kind == "react" else buttons.nth(1).click()
        done = kind
    else:
        raise AssertionError(f"unexpected decision kind {kind!r}: {tab.text('#tactics-status')}")
    page.wait_for_function(f"+document.getElementById('tactics-game').dataset.actions > {before}")
    return done


def share_link(tab: Tab) -> str:
    tab.page.click("#tactics-share")
    tab.page.wait_for_function("document.getElementById('tactics-share-link').value.length > 0")
    link = tab.page.input_value("#tactics-share-link")
    assert "#/tactics/replay?g=" in link, link
    return link


def payload_of(link: str) -> str:
    return unquote(link.split("?g=", 1)[1].split("&", 1)[0])


def cli_replay(payload: str) -> dict:
    return json.loads(engine_cli("replay", payload, "--json"))


# --- tests -------------------------------------------------------------------------------------------

def test_hotseat_game_by_clicks_to_its_end_and_its_share_link(open_page):
    tab = open_page("tactics-hotseat")
    tab.goto("index.html#/tactics")
    assert tab.visible("#route-tactics") and not tab.visible("#route-autobattle")
    start_game(tab, ("human", "human"), seed=1)
    page = tab.page
    # Before any move: the board has both Battle Areas (3 rows x 4 columns), the tray, Soulwells,
    # the First Player Card on exactly one side, and the status says who deploys.
    for seat in (0, 1):
        assert page.locator(f"#tactics-side-{seat} .tcell[data-row][data-col]").count() == 12
        assert tab.text(f"#tactics-side-{seat} .soulwell .well").isdigit()
    assert page.locator(".first-card:not([hidden])").count() == 1
    assert page.locator("#tactics-tray .tchar").count() == 6
    assert page.get_attribute("#tactics-status", "data-kind") == "deploy"
    # Undo is available once a human moved: deploy one, undo it, deploy again.
    click_one_decision(tab)
    assert actions_taken(tab) == 1 and page.locator("#tactics-tray .tchar").count() == 5
    page.click("#tactics-undo")
    page.wait_for_function("+document.getElementById('tactics-game').dataset.actions === 0")
    assert page.locator("#tactics-tray .tchar").count() == 6

    done = []
    for _ in range(MAX_CLICK_STEPS):
        if not wait_human_or_end(tab):
            break
        done.append(click_one_decision(tab))
        if len(done) == 16:
            tab.screenshot("tactics-hotseat-mid")
            assert page.locator(".tchar.engaged").count() > 0     # a turned card
    else:
        raise AssertionError(f"no end after {MAX_CLICK_STEPS} clicks")
    assert done.count("deploy") == 12 and "skill" in done, done
    outcome = page.locator("#tactics-outcome")
    digest = outcome.get_attribute("data-digest")
    assert digest and len(digest) == 64
    assert "wins" in outcome.text_content() or "tie" in outcome.text_content()
    # The log cites rule ids with their statements.
    catalogue = get_ruleset("tactics").catalogue
    lines = page.evaluate("""() => Array.from(document.querySelectorAll('#tactics-log li')).map(li => ({
        rule: li.dataset.rule, abbr: li.querySelector('a.rule').textContent,
        title: li.querySelector('a.rule').title, text: li.querySelector('.what').textContent}))""")
    assert len(lines) > 50
    for line in lines:
        assert line["rule"] in catalogue and line["abbr"] == line["rule"], line
        assert line["title"] == catalogue[line["rule"]]["en"], line
        assert line["text"] and not line["text"].endswith("_"), line
    assert {"S0-R8", "S0-R12", "S0-R21", "S0-R23", "S0-R26"} <= {line["rule"] for line in lines}
    tab.screenshot("tactics-hotseat-end")
    tab.assert_clean()

    # Share: a fresh context replays it to the same digest, and so does the CLI.
    link = share_link(tab)
    report = cli_replay(payload_of(link))
    assert report["digest"] == digest and report["outcome"] is not None
    fresh = open_page("tactics-share")
    fresh.goto(link)
    fresh.page.wait_for_selector("#tactics-outcome[data-digest]", state="visible")
    assert fresh.page.get_attribute("#tactics-outcome", "data-digest") == digest
    assert not fresh.visible("#tactics-link-error")
    assert fresh.visible("#tactics-replay") and not fresh.visible("#tactics-actions")
    # Step back and forth: the outcome only shows at the last step.
    fresh.page.click("#tactics-step-back")
    assert not fresh.visible("#tactics-outcome")
    fresh.page.click("#tactics-to-end")
    assert fresh.page.get_attribute("#tactics-outcome", "data-digest") == digest
    # &step=N opens at that step (here: the start, before any deployment).
    fresh.goto(link + "&step=0")
    fresh.page.wait_for_selector("#tactics-game", state="visible")
    assert fresh.page.locator("#tactics-tray .tchar").count() == 6
    assert not fresh.visible("#tactics-outcome")
    fresh.screenshot("tactics-share-step0")
    # A step that is not ASCII digits ("²" passes str.isdigit()) says why and shows the last step.
    fresh.goto(link + "&step=%C2%B2")
    fresh.page.wait_for_selector("#tactics-link-error", state="visible")
    assert "step must be a whole number" in fresh.text("#tactics-link-error")
    assert fresh.page.get_attribute("#tactics-outcome", "data-digest") == digest
    fresh.assert_clean()


def test_game_against_the_bot_by_clicks_with_undo(open_page):
    tab = open_page("tactics-bot")
    tab.goto("index.html#/tactics")
    start_game(tab, ("human", "bot"), seed=2, delay="200")
    page = tab.page
    moves = []
    undone = False
    for _ in range(MAX_CLICK_STEPS):
        if not wait_human_or_end(tab):
            break
        assert page.get_attribute("#tactics-status", "data-seat") == "0"
        if not undone and len([m for m in moves if m != "deploy"]) == 3:
            # Undo takes back the bot's replies too: back to this human's previous decision.
            count = actions_taken(tab)
            page.click("#tactics-undo")
            page.wait_for_function(f"+document.getElementById('tactics-game').dataset.actions < {count}")
            assert page.get_attribute("#tactics-status", "data-human") == "1"
            assert actions_taken(tab) < count
            tab.screenshot("tactics-bot-after-undo")
            undone = True
            continue
        moves.append(click_one_decision(tab))
    else:
        raise AssertionError("no end")
    assert undone
    link = share_link(tab)
    report = cli_replay(payload_of(link))
    actions = json.loads(engine_cli("link", "decode", payload_of(link)))["actions"]
    assert {player for player, _ in actions} == {0, 1}            # the bot answered
    assert page.get_attribute("#tactics-outcome", "data-digest") == report["digest"]
    tab.screenshot("tactics-bot-end")
    tab.assert_clean()


def test_abandon_ends_the_game_and_cites_s0_r38(open_page):
    tab = open_page("tactics-abandon")
    tab.goto("index.html#/tactics")
    start_game(tab, ("human", "human"), seed=5)
    for _ in range(14):                 # deploy both armies, then a couple of real turns
        wait_human_or_end(tab)
        click_one_decision(tab, use_skills=False)
    deciding = tab.page.get_attribute("#tactics-status", "data-seat")
    tab.page.click("#tactics-abandon")
    assert tab.visible("#tactics-abandon-ask") and not tab.visible("#tactics-outcome")
    tab.page.click("#tactics-abandon-yes")
    tab.page.wait_for_selector("#tactics-outcome[data-digest]", state="visible")
    assert f"{('Blue', 'Red')[1 - int(deciding)]} wins" in tab.text("#tactics-outcome")
    assert "S0-R38" in tab.text("#tactics-outcome")
    assert tab.page.locator('#tactics-log li[data-rule="S0-R38"]').count() == 1
    report = cli_replay(payload_of(share_link(tab)))
    assert report["digest"] == tab.page.get_attribute("#tactics-outcome", "data-digest")
    tab.assert_clean()


def test_a_tie_proposed_and_accepted_by_clicks_ends_the_game_citing_g0_14(open_page):
    """G0-14: on a turn, 'Propose a tie'; the other human accepts; the outcome is a draw citing G0-14."""
    tab = open_page("tactics-tie")
    tab.goto("index.html#/tactics")
    start_game(tab, ("human", "human"), seed=5)
    page = tab.page
    while page.get_attribute("#tactics-status", "data-kind") != "turn":
        wait_human_or_end(tab)
        click_one_decision(tab, use_skills=False)
    proposer = page.get_attribute("#tactics-status", "data-seat")
    page.get_by_role("button", name="Propose a tie").click()
    page.wait_for_function("document.getElementById('tactics-status').dataset.kind === 'agree'")
    assert page.get_attribute("#tactics-status", "data-seat") == str(1 - int(proposer))
    assert "proposes a tie" in tab.text("#tactics-status")
    page.get_by_role("button", name="Accept the tie").click()
    page.wait_for_selector("#tactics-outcome[data-digest]", state="visible")
    assert "G0-14" in tab.text("#tactics-outcome")
    report = cli_replay(payload_of(share_link(tab)))
    assert report["outcome"]["draw"] and report["outcome"]["rule"] == "G0-14"
    assert report["digest"] == page.get_attribute("#tactics-outcome", "data-digest")
    tab.assert_clean()


CUSTOM_KING = "cinder_king"
CUSTOM_MEMBERS = ["squall_blade", "coral_bulwark", "marsh_poacher", "crystal_augur", "lamplight_pilgrim"]


def member_box(seat: int, cid: str) -> str:
    return f".tactics-member-{seat} input[value={cid}]"


def test_army_builder_by_clicks_incomplete_then_a_custom_army_in_the_record(open_page):
    tab = open_page("tactics-builder")
    tab.goto("index.html#/tactics")
    page = tab.page
    assert not tab.visible("#tactics-build-0") and page.is_enabled("#tactics-start")
    page.select_option("#tactics-army-0", "custom")
    assert tab.visible("#tactics-build-0") and not tab.visible("#tactics-build-1")
    # Every pickable character is offered (no King, nothing summoned), with its stats; only Kings in the King list.
    chars = get_ruleset("tactics").content.characters
    offered = page.eval_on_selector_all(".tactics-member-0 input", "bs => bs.map(b => b.value)")
    assert sorted(offered) == sorted(c for c, d in chars.items() if d.kind != "king" and not d.summoned)
    kings = page.eval_on_selector_all("#tactics-king-0 option", "os => os.map(o => o.value).filter(v => v)")
    assert sorted(kings) == sorted(c for c, d in chars.items() if d.kind == "king")
    row = tab.text(".tactics-member-0:has(input[value=squall_blade])")
    assert "Squall" in row and "Eol" in row and "warrior" in row and "Speed 8 · Range 1 · Health 8" in row, row
    # Incomplete: no King, then a King and 3 of 5 members; Start stays disabled with the message.
    assert not page.is_enabled("#tactics-start")
    assert tab.text("#tactics-build-status-0") == "Blue: pick a King."
    page.select_option("#tactics-king-0", CUSTOM_KING)
    for cid in CUSTOM_MEMBERS[:3]:
        page.check(member_box(0, cid))
    assert not page.is_enabled("#tactics-start")
    assert tab.text("#tactics-build-status-0") == "Blue: pick 2 more members."
    assert tab.visible("#tactics-start-hint") and tab.text("#tactics-start-hint") == "Blue: pick 2 more members."
    tab.screenshot("tactics-builder-incomplete")
    for cid in CUSTOM_MEMBERS[3:]:
        page.check(member_box(0, cid))
    # Complete: Start is enabled, and no sixth member can be ticked.
    assert page.is_enabled("#tactics-start") and not tab.visible("#tactics-start-hint")
    assert tab.text("#tactics-build-status-0") == "Blue: the army is complete."
    assert page.is_disabled(member_box(0, "cloudpiercer"))
    tab.screenshot("tactics-builder-complete")
    # Whatever the engine refuses (here a non-King slipped into the King list) is the page's one-line error.
    page.evaluate("""() => { const s = document.getElementById('tactics-king-0');
        s.add(new Option('x', 'squall_blade')); s.value = 'squall_blade';
        s.dispatchEvent(new Event('change', {bubbles: true})); }""")
    page.click("#tactics-start")
    page.wait_for_selector("#tactics-form-error", state="visible")
    assert "king must name a King character" in tab.text("#tactics-form-error")
    assert not tab.visible("#tactics-game")
    page.select_option("#tactics-king-0", CUSTOM_KING)

    page.select_option("#tactics-army-1", ARMIES[1])
    page.select_option("#tactics-seat-0", "human")
    page.select_option("#tactics-seat-1", "human")
    page.select_option("#tactics-bot-delay", "0")
    page.fill("#tactics-seed", "7")
    page.click("#tactics-start")
    page.wait_for_selector("#tactics-game", state="visible")
    assert not tab.visible("#tactics-form-error"), tab.text("#tactics-form-error")
    assert tab.text("#tactics-side-0 .army-name") == "a built army"
    for _ in range(12):                 # deploy both armies, then side to move abandons
        assert wait_human_or_end(tab)
        assert click_one_decision(tab) == "deploy"
    on_board = set(page.eval_on_selector_all("#tactics-side-0 .tchar[data-char]", "cs => cs.map(c => c.dataset.char)"))
    assert on_board == {CUSTOM_KING, *CUSTOM_MEMBERS}
    assert wait_human_or_end(tab)
    page.click("#tactics-abandon")
    page.click("#tactics-abandon-yes")
    page.wait_for_selector("#tactics-outcome[data-digest]", state="visible")
    digest = page.get_attribute("#tactics-outcome", "data-digest")
    payload = payload_of(share_link(tab))
    record = decode_link(payload)
    assert record.setup["armies"] == [{"king": CUSTOM_KING, "members": CUSTOM_MEMBERS}, ARMIES[1]]
    assert cli_replay(payload)["digest"] == digest
    tab.assert_clean()


@pytest.mark.parametrize("tail, expected", [
    ("#/tactics/replay?g=", "This link cannot be opened"),
    ("#/tactics/replay?g=S1.%%%not-base64", "This link cannot be opened"),
    ("#/tactics/replay?g=S9.AAAA", "This link cannot be opened"),
])
def test_malformed_links_give_a_readable_error(open_page, tail, expected):
    tab = open_page("tactics-bad-link")
    tab.goto("index.html" + tail)
    tab.page.wait_for_selector("#tactics-link-error", state="visible")
    text = tab.text("#tactics-link-error")
    assert text.startswith(expected) and "Traceback" not in text and len(text) < 400, text
    assert not tab.visible("#tactics-game")
    tab.assert_clean()


def test_autobattle_link_on_the_tactics_route_is_refused(open_page, tmp_path):
    record = tmp_path / "autobattle.json"
    engine_cli("play", "autobattle", "--seed", "3", "--record", str(record), "--json")
    payload = engine_cli("link", "encode", str(record)).strip()
    tab = open_page("tactics-wrong-ruleset")
    tab.goto(f"index.html#/tactics/replay?g={payload}")
    tab.page.wait_for_selector("#tactics-link-error", state="visible")
    assert "for the autobattle ruleset, not for tactics" in tab.text("#tactics-link-error")
    tab.assert_clean()


def test_gallery_and_rules_pages_without_javascript(open_page):
    ruleset = get_ruleset("tactics")
    content = ruleset.content
    tab = open_page("tactics-cards-nojs", java_script_enabled=False)
    tab.goto("tactics/cards.html", ready=False)
    shown = set(tab.page.eval_on_selector_all(".tchar[data-char]", "cs => cs.map(c => c.dataset.char)"))
    assert set(content.characters) <= shown
    assert tab.page.locator(".tchar .text li").count() >= len(content.characters)
    tab.screenshot("tactics-cards-nojs")
    tab.goto("tactics/rules.html", ready=False)
    assert tab.page.locator("main.rules dt").count() == len(ruleset.catalogue)
    for rule_id in ("S0-R1", "S0-R13", "S0-R38"):
        assert ruleset.catalogue[rule_id]["en"] in tab.text(f'dt[id="{rule_id}"] + dd')
    assert tab.text("h1") == "Tactics rules"
    demos = ruleset.demos()
    assert tab.page.locator("a.demo").count() == len(demos)
    # The home page says tactics is built and links its pages.
    tab.goto("index.html", ready=False)
    home = tab.page.locator("li.ruleset.built", has_text="tactics")
    assert home.count() == 1
    assert home.locator('a[href="./tactics/cards.html"]').count() == 1
    tab.assert_clean()


def test_rule_demo_link_opens_at_its_step_with_the_rule_highlighted(open_page):
    demos = get_ruleset("tactics").demos()
    assert demos, "tactics has no rule demos"
    tab = open_page("tactics-demo")
    tab.goto("tactics/rules.html", ready=False)
    link = tab.page.locator('dt[id="S0-R13"] + dd a.demo')
    assert link.count() == 1
    link.click()
    tab.wait_ready()
    tab.page.wait_for_selector("#tactics-game", state="visible")
    assert not tab.visible("#tactics-link-error"), tab.text("#tactics-link-error")
    assert tab.page.locator('#tactics-log li.highlight[data-rule="S0-R13"]').count() >= 1
    assert "Rule S0-R13 applied" in tab.text("#tactics-status")
    tab.screenshot("tactics-demo-S0-R13")
    tab.assert_clean()


def test_bot_decision_time_in_the_browser(open_page):
    tab = open_page("tactics-bot-times")
    tab.goto("index.html#/tactics")
    times = []
    for seed in (1, 2, 3):
        times += tab.page.evaluate("seed => Array.from(window.skirmishTacticsBotTimes(seed))", seed)
    assert len(times) > 100
    median, worst = statistics.median(times), max(times)
    print(f"\nsensible bot in Chromium/Pyodide over {len(times)} decisions (3 games): "
          f"median {median:.2f} ms, worst {worst:.2f} ms")
    tab.assert_clean()
