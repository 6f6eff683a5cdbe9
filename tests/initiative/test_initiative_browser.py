"""The initiative play page in Chromium: a two-human hotseat game and a one-human-against-three-bots game
played by clicks (each human move is the sensible bot's, chosen here on CPython from a mirror of the same
game, and made on the page by clicks only) through a full round with a level-up; on every hand-off the
other human's hand is absent from the page; a share link replayed in a fresh context to the digest of
`python -m engine replay`; a keyboard-only turn; axe; no outside request; the timing figures."""

import json
import statistics
import time
from urllib.parse import unquote

import pytest

from engine.core import Session, make_bot
from engine.rulesets import get

from tests.e2e.support import Tab, assert_no_serious_axe_violations, engine_cli

pytestmark = pytest.mark.needs_subprocess  # a browser, a build and `python -m engine` processes

RULESET = get("initiative")
MAX_DECISIONS = 600
WAIT = ("(() => { const h = document.getElementById('initiative-handoff'); "
        "const s = document.getElementById('initiative-status'); "
        "return !h.hidden || s.dataset.human === '1' || !document.getElementById('initiative-outcome').hidden; })()")

# A move was taken: the count of actions went up, or the screen is being handed to another human (the
# controller draws nothing, the count included, until that human takes it).
PROGRESS = ("+document.getElementById('initiative-game').dataset.actions > BEFORE || "
            "!document.getElementById('initiative-handoff').hidden")


# --- helpers ---------------------------------------------------------------------------------------

def start_game(tab: Tab, seed: int, seats: list[str], delay: str = "0", **options) -> None:
    page = tab.page
    page.select_option("#initiative-players", str(len(seats)))
    for seat, who in enumerate(seats):
        page.select_option(f"#initiative-seat-{seat}", who)
    for key, value in options.items():
        page.select_option(f"#initiative-{key}", value)
    page.select_option("#initiative-bot-delay", delay)
    page.fill("#initiative-seed", str(seed))
    page.click("#initiative-start")
    page.wait_for_selector("#initiative-game", state="visible")
    assert not tab.visible("#initiative-form-error"), tab.text("#initiative-form-error")


DESKTOP = {"width": 1280, "height": 1000}


def open_game(open_page, name: str, seed: int, seats: list[str], viewport=None, **options) -> tuple[Tab, "Mirror"]:
    """A fresh page on the setup form, a game started there (quick, one lane, given heroes unless
    `options` say otherwise), and the same game's mirror on CPython."""
    tab = open_page(name, viewport=viewport or DESKTOP)
    tab.goto("index.html#/initiative")
    start_game(tab, seed=seed, seats=seats, **options)
    chosen = {"players": len(seats), "length": "quick", "map": "saltmarsh", "hero_selection": "given", **options}
    return tab, Mirror(seed, seats, chosen)


def actions_taken(tab: Tab) -> int:
    return int(tab.page.get_attribute("#initiative-game", "data-actions") or 0)


class Mirror:
    """The same game on CPython: bots answer for their seats as the page's controller does (in the
    order `waiting()` gives, asking again before each), and the sensible bot picks the humans' moves,
    which the test makes on the page by clicks."""

    def __init__(self, seed: int, seats: list[str], options: dict):
        self.session = Session.start("initiative", seed=seed, options=options)
        self.humans = [s for s, who in enumerate(seats) if who == "human"]
        self.bots = {s: make_bot(RULESET, "sensible") for s, who in enumerate(seats) if who != "human"}
        self.chooser = make_bot(RULESET, "sensible")
        self.run()

    def run(self) -> None:
        """Automatic steps and the bots' answers, until a human must decide or the game ends."""
        session = self.session
        while session.outcome is None:
            if session.decision is None:
                session.advance()
                continue
            if any(s in self.humans for s in session.waiting()):
                return
            for seat in session.waiting():
                if seat in self.bots and seat in session.waiting():
                    session.submit(seat, session.bot_action(seat, self.bots[seat]))

    def deciding(self) -> int:
        return next(s for s in self.session.waiting() if s in self.humans)

    def choose(self, seat: int) -> list:
        return self.session.bot_action(seat, self.chooser)

    def legal_index(self, seat: int, action) -> int:
        return list(self.session.decision.legal[seat]).index(action)

    def submit(self, seat: int, action) -> None:
        self.session.submit(seat, action)
        self.run()


def hexagon(space) -> str:
    return f'#initiative-board .imap-frame:not([hidden]) .hex[data-q="{space[0]}"][data-r="{space[1]}"]'


def click_hex(page, selector: str) -> None:
    """A click on a hex as a player makes it: the hex brought to the middle of the screen (clear of the
    sticky card panel), then a click at its centre, where a unit standing on it takes the click."""
    page.locator(selector).evaluate("n => n.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'})")
    # Still: a smooth scroll begun by the page (the keyboard put on the map) must not move it under the click.
    page.wait_for_function("""sel => { const r = document.querySelector(sel).getBoundingClientRect();
        const box = [r.x, r.y].join(); const still = window.__hexBox === box; window.__hexBox = box; return still; }""",
                           arg=selector, polling=100)
    page.click(selector, force=True)


def click_action(tab: Tab, mirror: Mirror, seat: int, action: list) -> None:
    """Make `action` on the page by the gestures a player would use."""
    page = tab.page
    kind = action[0]
    view = mirror.session.view(seat)

    def button():
        page.click(f'#initiative-buttons button[data-action="{mirror.legal_index(seat, action)}"]')

    if kind == "play":
        mine = [h["index"] for h in view["heroes"] if h["seat"] == seat]
        for hero, card in zip(mine, action[1]):
            if card == "pass":
                page.click(f'#initiative-buttons button[data-pass-hero="{hero}"]')
            else:
                page.click(f'#initiative-hand .icard.usable[data-hero="{hero}"][data-card="{card}"]')
    elif kind == "level_up":
        for hero, returned, taken in action[1]:
            page.click(f'#initiative-hand .icard.usable[data-hero="{hero}"][data-card="{taken}"]'
                       f'[data-returned="{returned}"]')
    elif kind == "defend":
        page.click(f'#initiative-hand .icard.usable[data-card="{action[1]}"]')
    elif kind in ("move", "fast_travel") and len(action) > 2 and isinstance(action[1], list):
        mode = f'#initiative-buttons button[data-mode="{kind}:{action[2]}"]'
        if page.get_attribute(mode, "aria-pressed") != "true":
            page.click(mode)
        assert page.locator(f"{hexagon(action[1])}.legal-move").count() == 1
        click_hex(page, hexagon(action[1]))
    elif kind in ("respawn", "space"):
        target = hexagon(action[1])
        assert page.locator(f"{target}.legal-place, {target}.legal-move, {target}.legal-target").count() == 1, action
        click_hex(page, target)
    elif kind in ("hero", "minion"):
        where = view["heroes"][action[1]]["position"] if kind == "hero" else \
            next(m["space"] for m in view["minions"] if m["id"] == action[1])
        if len([a for a in mirror.session.decision.legal[seat] if a[0] in ("hero", "minion", "space", "token")]) and \
                page.locator(f"{hexagon(where)}.legal-target").count() == 1 and \
                not any(a != action and a[0] in ("hero", "minion") and _space(view, a) == where
                        for a in mirror.session.decision.legal[seat]):
            click_hex(page, hexagon(where))
        else:
            button()
    else:                       # hold, primaries, clear, first, decline, no_defense, bullets, skip, draft
        button()


def _space(view, action):
    if action[0] == "hero":
        return view["heroes"][action[1]]["position"]
    return next((m["space"] for m in view["minions"] if m["id"] == action[1]), None)


def hand_secrets_absent(tab: Tab, mirror: Mirror, viewer: int) -> int:
    """While the hand-off shows: no card of any other human's hand is in the page (outside the card
    <template>s every page holds, and the log of public events), by id or by name. Returns the number
    of cards checked."""
    page = tab.page
    live = page.evaluate("""() => { const root = document.getElementById('route-initiative').cloneNode(true);
        root.querySelectorAll('template, #initiative-log').forEach(n => n.remove());
        return {html: root.innerHTML, text: root.textContent}; }""")
    cards = mirror.session.view(None)["cards"]
    checked = 0
    for human in mirror.humans:
        for hero in mirror.session.state.heroes:
            if hero.seat != human:
                continue
            for card in hero.hand:
                name = cards[card]["name"]["en"]
                assert f'data-card="{card}"' not in live["html"], (card, viewer)
                assert name not in live["text"], (card, name, viewer)
                checked += 1
    assert tab.page.locator("#initiative-hand .icard").count() == 0
    return checked


def take_screen(tab: Tab, mirror: Mirror, on_handoff=None) -> bool:
    """At a hand-off screen: tell `on_handoff` whose turn it is (before the screen is taken), take it; True
    when there was one."""
    if not tab.visible("#initiative-handoff"):
        return False
    if on_handoff:
        on_handoff(mirror.deciding())
    tab.page.click("#initiative-handoff-go")
    tab.page.wait_for_function("document.getElementById('initiative-handoff').hidden")
    return True


def play(tab: Tab, mirror: Mirror, decisions: int | None = None, until=None, on_handoff=None) -> list:
    """Play the humans' moves by clicks until the end, `decisions` moves, or `until(done)`; returns
    the actions made and the click-to-drawn times (ms)."""
    page = tab.page
    done, times = [], []
    for _ in range(MAX_DECISIONS):
        page.wait_for_function(WAIT, timeout=60_000)
        if tab.visible("#initiative-outcome"):
            break
        if take_screen(tab, mirror, on_handoff):
            continue
        assert actions_taken(tab) == len(mirror.session.record.actions)
        seat = mirror.deciding()
        assert page.get_attribute("#initiative-status", "data-seat") == str(seat)
        action = mirror.choose(seat)
        before = actions_taken(tab)
        started = time.perf_counter()
        click_action(tab, mirror, seat, action)
        try:
            page.wait_for_function(PROGRESS.replace("BEFORE", str(before)))
        except Exception as error:
            raise AssertionError(f"{action} by seat {seat} not taken: status {tab.text('#initiative-status')!r}, "
                                 f"error {tab.text('#initiative-form-error')!r}, {tab.page_errors}") from error
        times.append((time.perf_counter() - started) * 1000)
        assert not tab.visible("#initiative-form-error"), tab.text("#initiative-form-error")
        mirror.submit(seat, action)
        done.append(action[0])
        if (decisions and len(done) >= decisions) or (until and until(done)):
            break
    return done, times


def share_link(tab: Tab) -> str:
    tab.page.click("#initiative-share")
    tab.page.wait_for_function("document.getElementById('initiative-share-link').value.length > 0")
    link = tab.page.input_value("#initiative-share-link")
    assert "#/initiative/replay?g=" in link, link
    return link


def payload_of(link: str) -> str:
    return unquote(link.split("?g=", 1)[1].split("&", 1)[0])


def through_a_level_up(mirror: Mirror):
    """Done once a full round has passed and a human has made a level-up choice."""
    return lambda done: "level_up" in done and mirror.session.view(None)["round"] >= 2


# --- tests -------------------------------------------------------------------------------------------

def test_one_human_against_three_bots_by_clicks_to_the_end_and_its_share_link(open_page):
    tab, mirror = open_game(open_page, "initiative-game", 3, ["human", "bot", "bot", "bot"])
    page = tab.page
    page.wait_for_function(WAIT)
    # Before any move: the round, the coin, both teams' life counters, the hand of five basic cards.
    view = mirror.session.view(0)
    assert tab.text("#initiative-round") == "Round 1 · turn 1"
    assert page.get_attribute("#initiative-coin", "data-team") == view["coin"]
    assert tab.text("#initiative-life-red .count") == str(view["life"]["red"])
    assert page.locator("#initiative-hand .icard.usable").count() == len(view["heroes"][0]["hand"]) == 5
    assert page.locator("#initiative-dashboards .idash").count() == 4

    def midway(done):
        if len(done) == 6:
            assert_no_serious_axe_violations(page, "initiative mid-game")
            tab.screenshot("initiative-mid-1280")
        return False

    done, times = play(tab, mirror, until=midway)
    print(f"\ninitiative, 1 human + 3 bots: {len(done)} human decisions by clicks; click to the next drawn "
          f"state (bots at 'all at once' included): median {statistics.median(times):.0f} ms, worst {max(times):.0f} ms")
    assert "level_up" in done and "play" in done, done
    assert mirror.session.outcome is not None
    outcome = page.locator("#initiative-outcome")
    digest = outcome.get_attribute("data-digest")
    assert digest == mirror.session.digest()
    lines = page.evaluate("""() => Array.from(document.querySelectorAll('#initiative-log li')).map(li => ({
        rule: li.dataset.rule, title: li.querySelector('a.rule').title, text: li.querySelector('.what').textContent}))""")
    assert len(lines) > 100
    for line in lines:
        assert line["rule"] in RULESET.catalogue and line["title"] == RULESET.catalogue[line["rule"]]["en"], line
        assert line["text"] and "{" not in line["text"], line
    assert_no_serious_axe_violations(page, "initiative game over")
    tab.screenshot("initiative-end-1280")
    tab.assert_clean()
    # Share: a fresh context replays it to the same digest, and so does the command line.
    link = share_link(tab)
    report = json.loads(engine_cli("replay", payload_of(link), "--json"))
    assert report["digest"] == digest
    fresh = open_page("initiative-share")
    fresh.goto(link)
    fresh.page.wait_for_selector("#initiative-outcome[data-digest]", state="visible")
    assert fresh.page.get_attribute("#initiative-outcome", "data-digest") == digest
    assert fresh.visible("#initiative-replay") and not fresh.visible("#initiative-actions")
    assert fresh.page.locator("#initiative-hand .icard").count() == 0
    fresh.assert_clean()


def test_two_humans_hotseat_through_a_round_with_a_level_up_and_hidden_hands(open_page):
    tab, mirror = open_game(open_page, "initiative-hotseat", 5, ["human", "human"])
    page = tab.page
    handoffs = []

    def on_handoff(seat):
        # Nothing of either hand in the page; the words name the seat the screen goes to.
        handoffs.append(hand_secrets_absent(tab, mirror, seat))
        assert ("Red 1" if seat == 0 else "Blue 1") in tab.text("#initiative-handoff-text")
        if len(handoffs) == 1:
            assert_no_serious_axe_violations(page, "initiative hand-off")
            tab.screenshot("initiative-handoff")

    done, times = play(tab, mirror, until=through_a_level_up(mirror), on_handoff=on_handoff)
    assert "level_up" in done and mirror.session.view(None)["round"] >= 2, done
    assert len(handoffs) >= 4 and all(count > 0 for count in handoffs), handoffs
    # Two heroes a seat: four dashboards.
    take_screen(tab, mirror)
    assert page.locator("#initiative-dashboards .idash").count() == 4
    tab.assert_clean()


def test_keyboard_only_turn(open_page):
    tab = open_page("initiative-keys")
    tab.goto("index.html#/initiative")
    page = tab.page
    seats = ["human", "bot", "bot", "bot"]
    page.focus("#initiative-players")
    start_game(tab, seed=2, seats=seats)
    page.wait_for_function(WAIT)
    # The first card of the hand has the focus; Enter plays it.
    assert page.evaluate("document.activeElement.classList.contains('usable')")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label.startswith("Card 1: "), label
    before = actions_taken(tab)
    page.keyboard.press("Enter")
    page.wait_for_function(f"+document.getElementById('initiative-game').dataset.actions > {before}")
    # Each next decision of ours gets the focus (a button or a card), never <body>; Enter answers it, until
    # our hero may move: Tab to the move button, Enter, and the keyboard is on a space it may reach; an
    # arrow key moves between spaces; Enter moves the hero there.
    active = "document.activeElement"
    for _ in range(12):
        page.wait_for_function(WAIT)
        assert not tab.visible("#initiative-outcome")
        assert not page.evaluate(f"{active} === document.body")
        if page.locator('#initiative-buttons button[data-mode^="move:"]').count():
            break
        before = actions_taken(tab)
        page.keyboard.press("Enter")
        page.wait_for_function(f"+document.getElementById('initiative-game').dataset.actions > {before}")
    else:
        raise AssertionError("no move offered to the human within 12 decisions")
    for _ in range(40):
        if (page.evaluate(f"{active}.dataset.mode || ''")).startswith("move:"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    where = f"[{active}.getAttribute('data-q'), {active}.getAttribute('data-r'), {active}.classList.contains('legal-move')]"
    q, r, legal = page.evaluate(where)
    assert legal, "the keyboard lands on a space the hero may move to"
    back = {"ArrowLeft": "ArrowRight", "ArrowRight": "ArrowLeft", "ArrowUp": "ArrowDown", "ArrowDown": "ArrowUp"}
    for arrow in back:                                          # the first way that leads to another space
        page.keyboard.press(arrow)
        q2, r2, legal2 = page.evaluate(where)
        if (q2, r2) != (q, r):
            break
    assert (q2, r2) != (q, r), "an arrow moves the keyboard on the map"
    if not legal2:                                              # out of reach: back where it was
        page.keyboard.press(back[arrow])
        q2, r2, legal2 = page.evaluate(where)
        assert (q2, r2, legal2) == (q, r, True)
    hero = page.get_attribute("#initiative-board .imap-frame:not([hidden]) .units .u.acting", "data-hero")
    before = actions_taken(tab)
    page.keyboard.press("Enter")
    page.wait_for_function(f"+document.getElementById('initiative-game').dataset.actions > {before}")
    unit = f'#initiative-board .imap-frame:not([hidden]) .units .u[data-hero="{hero}"]'
    page.wait_for_function(f"document.querySelector('{unit}') && document.querySelector('{unit}').getAttribute('data-q') === '{q2}' "
                           f"&& document.querySelector('{unit}').getAttribute('data-r') === '{r2}'")
    assert not tab.visible("#initiative-form-error"), tab.text("#initiative-form-error")
    tab.assert_clean()


def test_a_phone_screen_and_the_bot_times(open_page):
    phone = open_page("initiative-phone", viewport={"width": 390, "height": 844})
    phone.goto("index.html#/initiative")
    assert_no_serious_axe_violations(phone.page, "initiative setup at 390 px")
    start_game(phone, seed=4, seats=["human", "bot", "bot", "bot"])
    phone.page.wait_for_function(WAIT)
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways at 390 px: {width}"
    assert_no_serious_axe_violations(phone.page, "initiative at 390 px")
    phone.screenshot("initiative-390")
    bot = []
    for seed in (1, 2, 3):
        bot += phone.page.evaluate("seed => Array.from(window.skirmishInitiativeBotTimes(seed))", seed)
    assert len(bot) > 100
    print(f"\ninitiative in Chromium/Pyodide: sensible bot over {len(bot)} decisions: median "
          f"{statistics.median(bot):.2f} ms, worst {max(bot):.2f} ms")
    phone.assert_clean()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_cards_stay_face_down_then_flip_together_in_initiative_order(open_page, motion):
    """S1-R6/S1-R7 on the track, two humans on one screen: Red 1's two cards face down on Blue 1's screen
    (nothing of them in the page), then at the reveal all four face up at once, highest initiative first;
    the flip does not move under reduced motion."""
    seats = ["human", "human"]
    tab = open_page(f"initiative-flip-{motion}", viewport=DESKTOP, reduced_motion=motion)
    tab.goto("index.html#/initiative")
    start_game(tab, seed=5, seats=seats)
    mirror = Mirror(5, seats, {"players": 2, "length": "quick", "map": "saltmarsh", "hero_selection": "given"})
    page, track = tab.page, "#initiative-track-list"
    for seat in (0, 1):
        page.wait_for_function(WAIT)
        assert take_screen(tab, mirror) and mirror.deciding() == seat
        if seat == 1:
            assert page.locator(f"{track} .itrack-item.facedown").count() == 2           # Red 1's two heroes
            assert page.locator(f"{track} .icard[data-card]").count() == 0               # ...and not what
            red = {card for card in mirror.session.pending[0][1] if card != "pass"}
            on_screen = page.eval_on_selector_all("#route-initiative [data-card]", "ns => ns.map(n => n.dataset.card)")
            assert red and not red & set(on_screen), (red, on_screen)      # (templates are not in the live page)
        action = mirror.choose(seat)
        click_action(tab, mirror, seat, action)
        mirror.submit(seat, action)
    page.wait_for_function(WAIT)
    take_screen(tab, mirror)                        # the first to act after the reveal may be the other human
    page.wait_for_function(f"document.querySelectorAll('{track} .itrack-item:not(.facedown)').length === 4")
    assert "flip" in page.get_attribute(track, "class").split()
    values = [int(v) for v in page.eval_on_selector_all(f"{track} .itrack-item .value", "ns => ns.map(n => n.textContent)")]
    assert values == sorted(values, reverse=True)
    shown = page.eval_on_selector_all(f"{track} .itrack-item .icard[data-card]", "ns => ns.map(n => n.dataset.card)")
    assert sorted(shown) == sorted(c for c in mirror.session.view(None)["played"].values() if c)
    animation = page.eval_on_selector(f"{track} .itrack-item .card", "n => getComputedStyle(n).animationName")
    assert animation == ("none" if motion == "reduce" else "iflip")
    tab.assert_clean()


def test_six_seats_on_the_double_lane_map(open_page):
    """The set-up's map and length reach the game (G1-8, F-S2, F-S3): Twin Fords is the map shown, with every
    hero and minion of the view on it, both lanes' wave counters and six life counters a team."""
    seats = ["human"] + ["bot"] * 5
    tab, mirror = open_game(open_page, "initiative-twinford", 6, seats, map="twinford", length="long")
    page = tab.page
    page.wait_for_function(WAIT)
    view = mirror.session.view(0)
    assert [lane for lane in view["waves"]] == [7, 7] and view["life"] == {"red": 6, "blue": 6}
    assert page.eval_on_selector_all(".imap-frame", "fs => fs.map(f => [f.querySelector('svg').id, f.hidden])") == \
        [["imap-saltmarsh", True], ["imap-twinford", False], ["imap-generic", True]]    # the last: a user's map's frame
    units = page.locator("#imap-twinford .units .u").count()
    assert units == len(view["heroes"]) + len(view["minions"]) + len(view["tokens"])
    assert page.eval_on_selector_all("#initiative-waves .count", "ns => ns.map(n => n.textContent)") == ["7", "7"]
    assert [tab.text(f"#initiative-life-{team} .count") for team in ("red", "blue")] == ["6", "6"]
    zones = view["board"]["zones"]
    assert page.eval_on_selector_all("#initiative-waves .where", "ns => ns.map(n => n.textContent)") == \
        [f"Battle Zone: {zones[zone]['name']['en']}" for zone in view["battle_zones"]]
    tab.assert_clean()
