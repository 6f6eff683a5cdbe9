"""The initiative hero selection screen and Undo in Chromium: a two-human pick-and-ban played by clicks on
the heroes' tiles into the first turn (tiles, marks, order, and the heroes the game then has); a
two-human single draft where, on every hand-off, no offered hero is in the page; Undo of a played card
back to the same decision and hand (and disabled when there is nothing to undo); axe and a 390 px phone
on the draft screen. Each human move is the sensible bot's, chosen on CPython from a mirror of the same
game (test_initiative.Mirror) and made on the page by clicks or keys."""

import pytest

from tests.e2e.support import Tab, assert_no_serious_axe_violations
from .test_initiative_browser import PROGRESS, WAIT, Mirror, actions_taken, click_action, open_game, take_screen

pytestmark = pytest.mark.needs_subprocess  # a browser, a build

TILES = "#initiative-draft-tiles .idraft-tile"


def seat_name(seat: int) -> str:
    return f"{'Red' if seat % 2 == 0 else 'Blue'} {seat // 2 + 1}"


def team_name(team: str) -> str:
    return f"Team {team.capitalize()}"


def tiles(tab: Tab) -> list[dict]:
    """Every tile on the draft screen as the page shows it."""
    return tab.page.evaluate(f"""() => Array.from(document.querySelectorAll('{TILES}')).map(t => {{
        const b = t.querySelector('.idraft-act');
        return {{hero: t.dataset.hero, name: t.querySelector('.name').textContent,
                 style: t.querySelector('.style').textContent, verb: t.querySelector('.verb').textContent,
                 mark: t.querySelector('.mark').textContent, enabled: !b.disabled,
                 action: b.hasAttribute('data-action') ? +b.dataset.action : null,
                 banned: t.classList.contains('banned'), picked: t.classList.contains('picked'),
                 cards: t.querySelector('.idraft-cards') ? t.querySelector('.idraft-cards').getAttribute('href') : null}};
    }})""")


def expected_marks(draft: dict, hero: str) -> str:
    words = [f"Banned by {team_name(b['team'])}" for b in draft["bans"] if b["hero"] == hero]
    words += [f"Picked by {seat_name(s['seat'])}" for s in draft["steps"]
              if s["do"] == "pick" and draft["picks"][s["slot"]] == hero]
    return "; ".join(words)


def check_screen(tab: Tab, mirror: Mirror, seat: int) -> None:
    """The draft screen for `seat` is exactly the mirror's: the heroes on offer in order with their
    names, a button for each legal pick or ban (its index in the legal actions), who took or banned
    which hero, the step now and its words."""
    session = mirror.session
    draft = session.view(seat)["draft"]
    legal = list(session.decision.legal[seat])
    step = draft["steps"][draft["next"]]
    shown = tiles(tab)
    offer = draft["offer"] if draft["variant"] == "single_draft" else list(draft["catalogue"])
    assert [t["hero"] for t in shown] == offer
    for t in shown:
        hero = t["hero"]
        assert t["name"] == draft["catalogue"][hero]["name"]["en"], t
        assert t["style"] and t["style"] != draft["catalogue"][hero]["style"], t      # words, not the id
        assert t["cards"] == f"./initiative/cards.html#hero-{hero}", t
        assert t["mark"] == expected_marks(draft, hero), t
        assert t["banned"] == any(b["hero"] == hero for b in draft["bans"]), t
        assert t["picked"] == (hero in draft["picks"]), t
        action = [step["do"], hero]
        if action in legal:
            assert t["enabled"] and t["action"] == legal.index(action), t
            assert t["verb"] == step["do"].capitalize(), t
        else:
            assert not t["enabled"] and t["action"] is None and t["verb"] == "", t
    assert sum(t["enabled"] for t in shown) == len(legal)
    now = tab.text("#initiative-draft-now")
    if step["do"] == "ban":
        assert now == f"Now: {team_name(step['team'])} bans a hero — nobody may pick it."
    else:
        assert now == f"Now: {seat_name(step['seat'])} picks a hero."
    order = tab.page.evaluate("""() => Array.from(document.querySelectorAll('#initiative-draft-order li')).map(li =>
        ({text: li.textContent, now: li.getAttribute('aria-current') === 'step'}))""")
    assert len(order) == len(draft["steps"])
    assert [o["now"] for o in order] == [i == draft["next"] for i in range(len(draft["steps"]))]


def draft_by_clicks(tab: Tab, mirror: Mirror, on_screen=None, on_handoff=None) -> list:
    """Answer every pick and ban by a click on the hero's tile (taking the screen at each hand-off);
    returns the actions made. Stops at the first decision after the draft."""
    page = tab.page
    made = []
    while mirror.session.state.phase == "draft":
        page.wait_for_function(WAIT, timeout=60_000)
        if take_screen(tab, mirror, on_handoff):
            continue
        seat = mirror.deciding()
        assert tab.visible("#initiative-draft") and not tab.visible("#initiative-board .imaps")
        assert actions_taken(tab) == len(mirror.session.record.actions)
        check_screen(tab, mirror, seat)
        if on_screen:
            on_screen(seat)
        action = mirror.choose(seat)
        before = actions_taken(tab)
        page.click(f'{TILES}[data-hero="{action[1]}"] .idraft-act')
        page.wait_for_function(PROGRESS.replace("BEFORE", str(before)))
        assert not tab.visible("#initiative-form-error"), tab.text("#initiative-form-error")
        mirror.submit(seat, action)
        made.append(action)
    return made


def live_page(tab: Tab) -> dict:
    """The game's section without its <template>s and its log of public events: html and text."""
    return tab.page.evaluate("""() => { const root = document.getElementById('route-initiative').cloneNode(true);
        root.querySelectorAll('template, #initiative-log').forEach(n => n.remove());
        return {html: root.innerHTML, text: root.textContent}; }""")


# --- tests -------------------------------------------------------------------------------------------

def test_two_humans_pick_and_ban_by_clicks_into_the_first_turn(open_page):
    tab, mirror = open_game(open_page, "initiative-draft-pab", 7, ["human", "human"], hero_selection="pick_and_ban")
    page = tab.page
    screens = []

    def on_screen(seat):
        if not screens:
            assert_no_serious_axe_violations(page, "initiative draft screen")
            tab.screenshot("initiative-draft-1280")
        screens.append(seat)

    made = draft_by_clicks(tab, mirror, on_screen=on_screen)
    # 6 heroes, 4 to pick: one ban a team, then the picks; both kinds made by clicks on tiles.
    assert [a[0] for a in made] == ["ban", "ban", "pick", "pick", "pick", "pick"], made
    state = mirror.session.state
    bans = [b["hero"] for b in state.draft["bans"]]
    picks = list(state.draft["picks"])
    assert [a[1] for a in made] == bans + [picks[s["slot"]] for s in state.draft["steps"] if s["do"] == "pick"]
    assert len(set(bans + picks)) == 6
    # The first turn: the game's heroes are the ones picked, the screen shows them and no draft.
    assert [h.hero for h in state.heroes] == picks
    page.wait_for_function(WAIT)
    if take_screen(tab, mirror):
        page.wait_for_function(WAIT)
    assert mirror.session.decision.kind == "choose_card"
    assert not tab.visible("#initiative-draft") and tab.visible("#initiative-board .imaps")
    assert page.locator(f"{TILES}").count() == 0
    names = page.evaluate("Array.from(document.querySelectorAll('#initiative-dashboards .hname')).map(n => n.textContent)")
    catalogue = {h.id: h.name["en"] for h in state.content.heroes.values()}
    assert names == [catalogue[h] for h in picks]
    seat = mirror.deciding()
    hand = page.evaluate("Array.from(document.querySelectorAll('#initiative-hand .icard')).map(n => n.dataset.card)")
    assert sorted(hand) == sorted(c for h in state.heroes if h.seat == seat for c in h.hand)
    tab.assert_clean()


def test_single_draft_two_humans_no_offer_in_the_page_at_any_hand_off(open_page):
    tab, mirror = open_game(open_page, "initiative-draft-single", 11, ["human", "human"], hero_selection="single_draft")
    names = {h.id: h.name["en"] for h in mirror.session.state.content.heroes.values()}
    seen = {}                     # the offer each seat saw, minus the hero it picked: its secret

    def on_handoff(seat):
        secret = set(mirror.session.state.draft["offer"] or [])  # the offer waiting for `seat`
        for heroes in seen.values():
            secret |= heroes
        assert len(mirror.session.state.draft["offer"]) == 3
        live = live_page(tab)
        assert tab.page.locator(TILES).count() == 0
        for hero in secret - set(mirror.session.state.draft["picks"]):
            assert f'data-hero="{hero}"' not in live["html"], (hero, seat)
            assert names[hero] not in live["text"], (hero, seat)
        assert seat_name(seat) in tab.text("#initiative-handoff-text")
        handoffs.append(seat)

    def on_screen(seat):
        offer = mirror.session.view(seat)["draft"]["offer"]
        assert tab.text("#initiative-draft-note") == \
            "These 3 heroes are offered to you alone: nobody else sees them."
        seen[seat] = set(offer)

    handoffs = []
    made = draft_by_clicks(tab, mirror, on_screen=on_screen, on_handoff=on_handoff)
    assert [a[0] for a in made] == ["pick"] * 4
    # The seats alternate, so the screen was handed over before every pick (the first included).
    assert len(handoffs) >= 4 and set(handoffs) == {0, 1}, handoffs
    assert [h.hero for h in mirror.session.state.heroes] == list(mirror.session.state.draft["picks"])
    tab.assert_clean()


def test_undo_of_a_played_card_returns_to_the_same_decision_and_hand(open_page):
    tab, mirror = open_game(open_page, "initiative-undo", 3, ["human", "bot"])
    page = tab.page
    page.wait_for_function(WAIT)

    def position():
        return {"actions": actions_taken(tab), "status": tab.text("#initiative-status"),
                "hand": page.evaluate("""Array.from(document.querySelectorAll('#initiative-hand .icard')).map(n =>
                    n.dataset.hero + ':' + n.dataset.card + ':' + n.classList.contains('usable'))""")}

    # Nothing of the human's to undo yet: the button is disabled.
    assert page.is_disabled("#initiative-undo")
    start = position()
    assert start["actions"] == 0 and len(start["hand"]) == 10        # two heroes, five cards each
    seat = mirror.deciding()
    action = mirror.choose(seat)
    assert action[0] == "play"
    click_action(tab, mirror, seat, action)
    page.wait_for_function(PROGRESS.replace("BEFORE", "0"))
    page.wait_for_function(WAIT)
    assert actions_taken(tab) > 0
    assert page.is_enabled("#initiative-undo")
    played = [c for c in action[1] if c != "pass"]
    hand = page.evaluate("Array.from(document.querySelectorAll('#initiative-hand .icard')).map(n => n.dataset.card)")
    assert not set(played) & set(hand), (played, hand)         # the played cards left the hand
    page.click("#initiative-undo")
    page.wait_for_function("+document.getElementById('initiative-game').dataset.actions === 0")
    page.wait_for_function(WAIT)
    assert position() == start
    assert page.is_disabled("#initiative-undo")
    assert not tab.visible("#initiative-form-error"), tab.text("#initiative-form-error")
    tab.assert_clean()


def test_the_draft_screen_on_a_phone_by_keyboard_and_axe(open_page):
    phone, mirror = open_game(open_page, "initiative-draft-phone", 7, ["human", "bot"],
                              viewport={"width": 390, "height": 844}, hero_selection="pick_and_ban")
    page = phone.page
    page.wait_for_function(WAIT)
    seat = mirror.deciding()
    check_screen(phone, mirror, seat)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways at 390 px: {width}"
    assert_no_serious_axe_violations(page, "initiative draft at 390 px")
    phone.screenshot("initiative-draft-390")
    # The keyboard is on the first hero the seat may choose; Enter takes that choice.
    focused = page.evaluate("document.activeElement.closest('.idraft-tile') && document.activeElement.closest('.idraft-tile').dataset.hero")
    legal = list(mirror.session.decision.legal[seat])
    catalogue = list(mirror.session.view(seat)["draft"]["catalogue"])
    first = min(legal, key=lambda a: catalogue.index(a[1]))         # the first in the screen's order
    assert [mirror.session.decision.prompt["draft"], focused] == first
    before = actions_taken(phone)
    page.keyboard.press("Enter")
    page.wait_for_function(PROGRESS.replace("BEFORE", str(before)))
    mirror.submit(seat, first)
    page.wait_for_function(WAIT)
    assert actions_taken(phone) == len(mirror.session.record.actions)
    check_screen(phone, mirror, mirror.deciding())
    phone.assert_clean()
