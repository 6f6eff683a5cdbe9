"""A replay link whose record carries a user's map (issue 23: setup 'content'), a map the site has no
pre-rendered drawing for: the page draws it at run time into the generic frame (ui/games/initiative/map.py, from
ui/games/initiative/mapdata.map_entry, the build's own function), one hex per space of the map, every hex a named
button with the map's own zone names; the zone names hold markup, which stays text; keyboard roving, zoom,
units and the Battle Zone work as on a starter map; axe finds nothing serious; the game steps to its end
with the engine's digest."""

import pytest

from engine.core import Session, encode_link, get_ruleset, make_bot

from tests.e2e.support import Tab, assert_no_serious_axe_violations

pytestmark = pytest.mark.needs_subprocess  # a browser and a build

RULESET = get_ruleset("initiative")
MARKUP = '<img src=x onerror="window.__pwned=1">'


def names(en: str) -> dict:
    return {"en": f"{MARKUP} {en}", "ja": f"{MARKUP} {en}", "ru": f"<script>window.__pwned=2</script>{en}"}


# A small map (4 rows, 65 spaces): a jungle above one lane, terrain, every kind of spawn point.
CONTENT = {
    "map": {"id": "fenmoor", "name": names("Fen"), "layout": "odd-r",
            "lane": ["red_throne", "red_bank", "ford", "blue_bank", "blue_throne"],
            "zone_grid": ["     jjjjjjjjj",
                          "AAAaaaammmmmzzzzZZZ",
                          " AAaaaammmmmmzzzzZZ",
                          "AAAaaaammmmmzzzzZZZ"],
            "feature_grid": ["     ....#....",
                             "h..m.r.m.R.M.M.R..H",
                             " h.vm..mv#VM...MV.H",
                             "h..m...m.rRM.M....H"]},
    "zones": {"red_throne": {"key": "A", "kind": "throne", "team": "red", "name": names("Red Throne")},
              "red_bank": {"key": "a", "kind": "pre_throne", "team": "red", "name": names("Red Bank")},
              "ford": {"key": "m", "kind": "middle", "name": names("Ford")},
              "blue_bank": {"key": "z", "kind": "pre_throne", "team": "blue", "name": names("Blue Bank")},
              "blue_throne": {"key": "Z", "kind": "throne", "team": "blue", "name": names("Blue Throne")},
              "wood": {"key": "j", "kind": "jungle", "team": "red", "name": names("Wood")}}}
SPACES = sum(len(row.replace(" ", "")) for row in CONTENT["map"]["zone_grid"])
FRAME = "#initiative-board .imap-frame:not([hidden])"


def played() -> Session:
    """Two bots play a short game on the map to its end."""
    session = Session.start("initiative", seed=5, options={"players": 2, "round_limit": 2},
                            setup={"heroes": ["brannoc", "isra", "brannoc", "isra"], "content": CONTENT})
    bots = {seat: make_bot(RULESET, "sensible") for seat in range(2)}
    while session.outcome is None:
        if session.decision is None:
            session.advance()
            continue
        for seat in session.waiting():
            if seat in session.waiting():
                session.submit(seat, session.bot_action(seat, bots[seat]))
    return session


def assert_nothing_injected(tab: Tab) -> None:
    """No script ran, no element came from the map's names, nothing was fetched for them."""
    page = tab.page
    assert page.evaluate("typeof window.__pwned") == "undefined", page.evaluate("window.__pwned")
    found = page.evaluate("""() => document.querySelectorAll(
        '#initiative-board img, #initiative-log img, img[src="x"], [onerror]').length""")
    assert found == 0, found
    # The names are on the page, as text: in the map's labels and in the log's lines.
    assert page.evaluate("""m => Array.from(document.querySelectorAll('#initiative-log li'))
        .some(li => li.textContent.includes(m))""", MARKUP)
    assert not [url for url in tab.requests if url.split("?")[0].endswith("/x")]


def test_a_replay_link_with_a_users_map_draws_it_and_plays_to_the_engines_digest(open_page):
    session = played()
    board = session.view(None)["board"]
    assert board["id"] == "fenmoor" and SPACES == 65
    tab = open_page("initiative-custom-map", viewport={"width": 1280, "height": 1000})
    page = tab.goto(f"index.html#/initiative/replay?g={encode_link(session.record)}")
    page.wait_for_selector(f"{FRAME} .hex", state="attached")
    assert not tab.visible("#initiative-link-error")
    # Drawn into the generic frame, alone on show: one hex per space, each where the map file puts it.
    assert page.locator(FRAME).count() == 1
    assert page.get_attribute(f"{FRAME}", "data-map") == "fenmoor"
    assert page.locator(f"{FRAME} svg.imap.generic").count() == 1
    drawn = page.evaluate(f"""() => Array.from(document.querySelectorAll('{FRAME} .hex')).map(h => [
        +h.dataset.q, +h.dataset.r, h.dataset.zone, h.getAttribute('role'), h.getAttribute('aria-label') || ''])""")
    assert len(drawn) == SPACES
    spaces = {(q, r): zone for zone, data in board["zones"].items() for q, r in data["spaces"]}
    assert {(q, r): zone for q, r, zone, _, _ in drawn} == spaces
    assert all(role == "button" and label for *_, role, label in drawn), drawn[:3]
    ford = next(label for q, r, zone, _, label in drawn if zone == "ford")
    assert ford.startswith(f"{MARKUP} Ford, "), ford                    # the map's own words, as text
    assert page.locator(f"{FRAME} .hex.x").count() == sum(row.count("#") for row in CONTENT["map"]["feature_grid"])
    assert page.locator(f"{FRAME} .hex .sp").count() == sum(
        sum(ch not in " .#" for ch in row) for row in CONTENT["map"]["feature_grid"])
    assert page.locator(f"{FRAME} .zones .zo").count() == len(CONTENT["zones"])
    labels = page.evaluate(f"() => Array.from(document.querySelectorAll('{FRAME} .labels text'), t => t.textContent)")
    assert sorted(label.replace(" ", "") for label in labels) == \
        sorted(zone["name"]["en"].replace(" ", "") for zone in CONTENT["zones"].values())   # one or two lines each
    assert page.locator(f"{FRAME} .labels .cr").count() == 2                         # the Thrones' crowns
    assert page.get_attribute(f"{FRAME} svg", "aria-label") == f"Map: {MARKUP} Fen"
    # Units, the Battle Zone tint and one Tab stop on the map.
    page.click("#initiative-to-start")
    page.click("#initiative-step-forward")
    page.wait_for_function(f"document.querySelectorAll('{FRAME} .units .u').length > 0")
    assert page.locator(f"{FRAME} .zones .zo.bz").count() >= 1
    assert page.get_attribute(f"{FRAME} .zones .zo.bz", "data-zone") in board["lanes"][0]
    assert page.locator(f"{FRAME} .hex[tabindex='0']").count() == 1
    assert_no_serious_axe_violations(page, "a user's map drawn at run time")
    # The keyboard: on the map's Tab stop, an arrow goes to the neighbouring hex on screen.
    page.focus(f"{FRAME} .hex[tabindex='0']")
    where = "[document.activeElement.getAttribute('data-q'), document.activeElement.getAttribute('data-r')]"
    start = page.evaluate(where)
    for arrow in ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"):
        page.keyboard.press(arrow)
        if page.evaluate(where) != start:
            break
    assert page.evaluate(where) != start and page.evaluate("document.activeElement.classList.contains('hex')")
    assert page.locator(f"{FRAME} .hex[tabindex='0']").count() == 1
    # Zoom: + makes the map wider than its frame.
    width = page.evaluate(f"document.querySelector('{FRAME} svg').getBoundingClientRect().width")
    page.click(f"{FRAME} .imap-zoom button[data-zoom='1']")
    assert page.evaluate(f"document.querySelector('{FRAME} svg').getBoundingClientRect().width") > width * 1.2
    # Steps to its end with the engine's digest.
    page.select_option("#initiative-speed", "80")
    page.click("#initiative-play")
    page.wait_for_selector("#initiative-outcome[data-digest]", state="visible", timeout=180_000)
    assert page.get_attribute("#initiative-outcome", "data-digest") == session.digest()
    assert page.locator(f"{FRAME} .hex").count() == SPACES
    assert_nothing_injected(tab)
    tab.screenshot("initiative-custom-map")
    tab.assert_clean()


def hero_content() -> dict:
    """A user's hero (a copy of Brannoc) whose hero and card names hold markup, carried by the setup."""
    import tomllib
    from engine.rulesets.initiative.heroes import BUILTIN_HEROES
    starter = tomllib.loads(BUILTIN_HEROES.read_text("utf-8"))
    cards = {cid.replace("brannoc", "ferro"): dict(raw, hero="ferro", name=names(f"Card {n}"))
             for n, (cid, raw) in enumerate(sorted(starter["cards"].items())) if raw["hero"] == "brannoc"}
    return {"heroes": {"ferro": dict(starter["heroes"]["brannoc"], name=names("Ferro"))}, "cards": cards}


def test_a_replay_link_with_a_users_hero_shows_its_cards_from_the_generic_card_as_text(open_page):
    """Issue 23 §2: a user's hero and cards travel in the record; the page draws the cards it has no
    pre-rendered template for from the generic card, names set as text; markup runs nothing."""
    session = Session.start("initiative", seed=3, options={"players": 2, "round_limit": 2},
                            setup={"heroes": ["ferro", "isra", "ferro", "isra"], "content": hero_content()})
    bots = {seat: make_bot(RULESET, "sensible") for seat in range(2)}
    session.run(bots)
    assert session.outcome is not None
    tab = open_page("initiative-custom-hero", viewport={"width": 1280, "height": 1000})
    page = tab.goto(f"index.html#/initiative/replay?g={encode_link(session.record)}")
    page.wait_for_selector("#initiative-outcome[data-digest]", state="visible")
    assert page.get_attribute("#initiative-outcome", "data-digest") == session.digest()
    page.click("#initiative-to-start")
    shown = set()
    for _ in range(80):
        shown.update(page.locator("#initiative-game .iname").all_text_contents())
        if any(name.startswith(MARKUP) for name in shown):
            break
        page.click("#initiative-step-forward")
    assert any(name.startswith(f"{MARKUP} Card ") for name in shown), sorted(shown)[:8]
    assert not [name for name in shown if name.startswith("ferro_")]            # never a card's id
    assert_nothing_injected(tab)
    tab.assert_clean()
