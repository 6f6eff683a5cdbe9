"""Keyboard-only play in Chromium: a tactics game against the bot from the setup form to its end,
and an autobattle replay stepped with its shortcuts — every input a key press (the page is only
read, to choose the next key). Focus never drops to <body> while a human plays; cells and tray
pieces are named controls; axe-core finds nothing serious mid-game, at game over and in a replay."""

import pytest

from .support import assert_no_serious_axe_violations

pytestmark = pytest.mark.needs_subprocess  # a browser and a build

MAX_DECISIONS = 400
MAX_TABS = 60


def active(page) -> dict:
    """What has the keyboard focus: id, classes, role, label, tag, data-* values."""
    return page.evaluate("""() => { const a = document.activeElement;
        return {id: a.id, cls: a.className || '', role: a.getAttribute('role'), tag: a.tagName,
                label: a.getAttribute('aria-label') || '', text: (a.textContent || '').trim(),
                disabled: a.getAttribute('aria-disabled'), data: Object.assign({}, a.dataset),
                body: a === document.body}; }""")


def tab_to(page, selector: str, backwards: bool = False) -> dict:
    """Press Tab (or Shift+Tab) until the focused element matches `selector`."""
    for _ in range(MAX_TABS):
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return active(page)
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    raise AssertionError(f"Tab never reached {selector}; focus is on {active(page)}")


def actions_taken(page) -> int:
    return int(page.get_attribute("#tactics-game", "data-actions") or 0)


def wait_human_or_end(page) -> bool:
    page.wait_for_function(
        "document.getElementById('tactics-status').dataset.human === '1' || "
        "!document.getElementById('tactics-outcome').hidden", timeout=60_000)
    return page.is_hidden("#tactics-outcome")


def press_and_wait(page, key: str) -> None:
    """Press `key` and wait until it made a move."""
    before = actions_taken(page)
    page.keyboard.press(key)
    page.wait_for_function(f"+document.getElementById('tactics-game').dataset.actions > {before}")


def arrows_to(page, selector: str) -> None:
    """From the focused cell, arrow keys to the first cell matching `selector` (planned from the
    cells' places on screen: both Battle Areas, one grid of `cols` columns)."""
    plan = page.evaluate("""s => {
        const cells = [...document.querySelectorAll('#tactics-board .tcell')];
        const cols = cells.filter(c => c.dataset.seat === cells[0].dataset.seat && c.dataset.row === cells[0].dataset.row).length;
        const from = cells.indexOf(document.activeElement), to = cells.findIndex(c => c.matches(s));
        return {from, to, cols}; }""", selector)
    assert plan["from"] >= 0 and plan["to"] >= 0, plan
    (r0, c0), (r1, c1) = divmod(plan["from"], plan["cols"]), divmod(plan["to"], plan["cols"])
    for key, count in (("ArrowDown" if r1 > r0 else "ArrowUp", abs(r1 - r0)),
                       ("ArrowRight" if c1 > c0 else "ArrowLeft", abs(c1 - c0))):
        for _ in range(count):
            page.keyboard.press(key)
    assert page.evaluate("s => document.activeElement.matches(s)", selector), active(page)


def keyboard_decision(page, turn_number: int) -> str:
    """The deciding human's move by keys, starting where the page put the focus."""
    kind = page.get_attribute("#tactics-status", "data-kind")
    focus = active(page)
    assert not focus["body"], f"focus dropped to <body> at a {kind} decision"
    if kind == "deploy":            # focus: a tray piece that can be deployed
        assert "selectable" in focus["cls"] and focus["role"] == "button", focus
        assert "can be deployed" in focus["label"], focus
        page.keyboard.press("Enter")
        focus = active(page)        # the first cell it may go to
        assert "tcell" in focus["cls"] and "highlighted: legal move" in focus["label"], focus
        press_and_wait(page, "Enter")
        return "deploy"
    if kind == "choose":
        assert "highlighted: may go first" in focus["label"], focus
        press_and_wait(page, "Enter")
        return "choose"
    if kind in ("react", "agree"):  # a button per answer: use the React Skill, or play on
        assert focus["tag"] == "BUTTON", focus
        if kind == "agree":
            page.keyboard.press("Tab")
        press_and_wait(page, "Enter")
        return kind
    assert kind == "turn", kind
    assert "acting now" in focus["label"] and focus["role"] == "button", focus
    if turn_number % 3 == 1 and page.locator(".tcell.legal-move").count():
        arrows_to(page, ".tcell.legal-move")           # walk to a cell it may move to
        assert "highlighted: legal move" in active(page)["label"]
        press_and_wait(page, "Enter")
        return "move"
    if page.locator("#tactics-skills button[data-skill]:not([disabled])").count():
        tab_to(page, "#tactics-skills button[data-skill]:not([disabled])", backwards=True)
        page.keyboard.press("Enter")
        focus = active(page)        # on to the first legal target
        assert "highlighted: legal target" in focus["label"], (focus, page.text_content("#tactics-form-error"))
        press_and_wait(page, "Enter")
        return "skill"
    tab_to(page, "#tactics-end", backwards=True)
    press_and_wait(page, "Enter")
    return "end"


def test_tactics_game_against_the_bot_by_keyboard_alone(open_page):
    tab = open_page("keyboard-tactics")
    tab.goto("index.html#/tactics")
    page = tab.page
    page.focus("body")
    # The form by keys: the bots as fast as they go (End picks the last option), then Start.
    tab_to(page, "#tactics-bot-delay")
    page.keyboard.press("End")
    assert page.input_value("#tactics-bot-delay") == "0"
    assert page.input_value("#tactics-seat-0") == "human" and page.input_value("#tactics-seat-1") == "bot"
    tab_to(page, "#tactics-start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#tactics-game", state="visible")
    done, checked_axe, undone = [], False, False
    for _ in range(MAX_DECISIONS):
        if not wait_human_or_end(page):
            break
        if not checked_axe and page.get_attribute("#tactics-status", "data-kind") == "turn":
            # Mid-game: named cells, the board's one Tab stop on the actor, arrows move, axe is clean.
            focus = active(page)
            assert focus["label"].startswith("Blue, row ") and "health" in focus["label"], focus
            assert page.locator('#tactics-board .tcell[tabindex="0"]').count() == 1
            assert page.locator('#tactics-board .tcell[role="button"][aria-label]').count() == 24
            assert_no_serious_axe_violations(tab, "tactics mid-game")
            tab.screenshot("keyboard-tactics-mid")
            checked_axe = True
        if not undone and done.count("skill") + done.count("move") == 2:
            # Undo by keys: the focus stays on Undo, and the human decides again.
            count = actions_taken(page)
            tab_to(page, "#tactics-undo", backwards=True)
            page.keyboard.press("Enter")
            page.wait_for_function(f"+document.getElementById('tactics-game').dataset.actions < {count}")
            wait_human_or_end(page)
            assert active(page)["id"] == "tactics-undo"
            page.keyboard.press("Tab")      # onwards to the board's Tab stop
            undone = True
            tab_to(page, '#tactics-board .tcell[tabindex="0"]')
            page.keyboard.press("Escape")   # nothing chosen: Escape changes nothing
        done.append(keyboard_decision(page, len(done)))
    else:
        raise AssertionError(f"no end after {MAX_DECISIONS} decisions: {done[-10:]}")
    assert undone and checked_axe
    assert done.count("deploy") == 6 and {"skill", "move"} <= set(done), done
    digest = page.get_attribute("#tactics-outcome", "data-digest")
    assert digest and len(digest) == 64
    assert_no_serious_axe_violations(tab, "tactics game over")
    tab.screenshot("keyboard-tactics-end")
    tab.assert_clean()


def test_escape_drops_a_chosen_skill_and_returns_to_its_button(open_page):
    tab = open_page("keyboard-escape")
    tab.goto("index.html#/tactics")
    page = tab.page
    page.select_option("#tactics-seat-1", "human")
    page.select_option("#tactics-bot-delay", "0")
    tab_to(page, "#tactics-start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#tactics-game", state="visible")
    while page.get_attribute("#tactics-status", "data-kind") != "turn" or not page.locator(
            "#tactics-skills button[data-skill]:not([disabled])").count():
        wait_human_or_end(page)
        keyboard_decision(page, 0)
    button = tab_to(page, "#tactics-skills button[data-skill]:not([disabled])", backwards=True)
    page.keyboard.press("Enter")
    assert page.locator(".tchar.legal-target").count() > 0
    assert "highlighted: legal target" in active(page)["label"]
    page.keyboard.press("Escape")
    assert page.locator(".tchar.legal-target").count() == 0
    back = active(page)
    assert back["data"].get("skill") == button["data"]["skill"] and "chosen" not in back["cls"], back
    tab.assert_clean()


def test_autobattle_replay_by_keyboard_shortcuts(open_page):
    tab = open_page("keyboard-autobattle")
    tab.goto("index.html#/autobattle")
    page = tab.page
    page.focus("body")
    tab_to(page, "#start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#player", state="visible")
    # It plays; the keyboard is on Pause, so Space pauses — and the focus moves to Play, not <body>.
    assert active(page)["id"] == "pause"
    page.keyboard.press(" ")
    assert active(page)["id"] == "play" and page.is_hidden("#pause")
    label = lambda: tab.text("#turn-label")    # noqa: E731
    page.keyboard.press("Home")
    assert label().startswith("Before the first turn")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert label().startswith("Turn 2 of ")
    assert_no_serious_axe_violations(tab, "autobattle replay mid-battle")
    page.keyboard.press("ArrowLeft")
    assert label().startswith("Turn 1 of ")
    page.keyboard.press("End")
    assert tab.visible("#outcome") and page.get_attribute("#outcome", "data-digest")
    assert_no_serious_axe_violations(tab, "autobattle replay at the end")
    page.keyboard.press("ArrowLeft")
    assert not tab.visible("#outcome")
    # Shortcuts are off in the log (it scrolls) and in form fields.
    page.focus("#log")
    before = label()
    page.keyboard.press("Home")
    assert label() == before
    # Space on the Play button presses it: playing again, the focus on Pause.
    tab_to(page, "#play", backwards=True)     # back from the log (its rule ids are links)
    page.keyboard.press(" ")
    assert active(page)["id"] == "pause"
    page.wait_for_selector("#outcome[data-digest]", state="visible", timeout=60_000)
    assert active(page)["id"] == "play"         # at the end, Pause hides: the focus goes to Play
    tab.assert_clean()
